"""The browser table: the pages the card room serves, so friends play from a phone or a laptop.

The page is static files shipped in this package (``static/``: HTML, CSS and JavaScript modules,
no framework and no build step). :func:`~homegame.web.routes.web_routes` gives the room the routes
that serve them: the lobby at ``/``, a table at ``/t/<table>`` (the invite link), the files under
``/static/`` (compressed and cached by content, :mod:`~homegame.web.assets`), the invite link as
a QR code, and two questions a seat may ask about its own cards (:mod:`homegame.web.advice`).
The page decides no rule: it shows each seat the view the room pushes it, offers exactly the legal
actions the room sends, and sends the one the player picks.
"""

from homegame.web.assets import STATIC, Assets
from homegame.web.routes import invite_qr, web_routes

__all__ = ["STATIC", "Assets", "invite_qr", "web_routes"]
