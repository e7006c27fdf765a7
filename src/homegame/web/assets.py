"""The page's files as the room sends them: compressed once, cached by their content.

There is no build step: when the room starts, :class:`Assets` reads every file under ``static/``,
gzips each once, and names the whole set by a hash of its content (its *version*). The pages
(``lobby.html``, ``table.html``) are sent with every ``/static/`` address in them rewritten to
``/static/<version>/``; the JavaScript modules import each other by relative paths, so a module
loaded from a versioned address loads the rest from it too. A versioned file never changes, so
the browser keeps it for a year without asking again (``immutable``); a room upgraded to other
files has another version, and its pages name the new addresses. The pages themselves are asked
about again on every visit (``no-cache``) with a strong ETag, so a visit to an unchanged page is a
``304`` of a few bytes.

>>> assets = Assets()
>>> assets.version == Assets().version and len(assets.version) == 12
True
>>> f"/static/{assets.version}/js/table.js" in assets.page("table.html").text
True
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from starlette.requests import Request
from starlette.responses import Response

__all__ = ["STATIC", "Asset", "Assets"]

STATIC: Final = Path(__file__).parent / "static"
"""The page's files: HTML, CSS and JavaScript modules."""
_FOREVER: Final = "public, max-age=31536000, immutable"
_TYPES: Final = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8",
                 ".html": "text/html; charset=utf-8", ".svg": "image/svg+xml"}


@dataclass(frozen=True)
class Asset:
    """One file as it is sent: its bytes, gzipped once, its type and its strong ETag."""

    body: bytes
    gzipped: bytes
    media_type: str
    etag: str

    @classmethod
    def of(cls, body: bytes, name: str) -> Asset:
        media_type = _TYPES.get(Path(name).suffix) or mimetypes.guess_type(name)[0] or "text/plain"
        etag = '"' + hashlib.sha256(body).hexdigest()[:32] + '"'
        return cls(body, gzip.compress(body, compresslevel=9, mtime=0), media_type, etag)

    @property
    def text(self) -> str:
        return self.body.decode("utf-8")

    def response(self, request: Request, *, cache: str) -> Response:
        """The file for ``request``: gzipped if the browser takes it, a ``304`` if it has it already."""
        headers = {"ETag": self.etag, "Cache-Control": cache, "Vary": "Accept-Encoding"}
        if self.etag in request.headers.get("if-none-match", ""):
            return Response(status_code=304, headers=headers)
        if "gzip" in request.headers.get("accept-encoding", ""):
            return Response(self.gzipped, media_type=self.media_type,
                            headers={**headers, "Content-Encoding": "gzip"})
        return Response(self.body, media_type=self.media_type, headers=headers)


class Assets:
    """Every file of ``folder`` (the package's ``static/`` by default), ready to send."""

    def __init__(self, folder: Path = STATIC) -> None:
        files = {path.relative_to(folder).as_posix(): path.read_bytes()
                 for path in sorted(folder.rglob("*")) if path.is_file()}
        digest = hashlib.sha256()
        for name, body in files.items():
            digest.update(name.encode() + b"\0" + body + b"\0")
        self.version = digest.hexdigest()[:12]
        prefix = f"/static/{self.version}/".encode()
        self.files = {name: Asset.of(body.replace(b'"/static/', b'"' + prefix) if name.endswith(".html")
                                     else body, name) for name, body in files.items()}

    def page(self, name: str) -> Asset:
        """A page (``table.html``), with its files' addresses versioned."""
        return self.files[name]

    def file(self, version: str, name: str) -> tuple[Asset, str] | None:
        """The file ``name`` and how long it may be kept: for a year under this version's address,
        and (for a page still naming another version, from before an upgrade) asked about again
        under any other; ``None`` if there is no such file."""
        asset = self.files.get(name)
        if asset is None or name.endswith(".html"):
            return None
        return asset, _FOREVER if version == self.version else "no-cache"

    def size(self, names: list[str]) -> tuple[int, int]:
        """The bytes of the files ``names``, as they are and gzipped."""
        return sum(len(self.files[n].body) for n in names), sum(len(self.files[n].gzipped) for n in names)
