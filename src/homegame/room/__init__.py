"""The card room: friends and bots at one table over the network, dealer's choice, tables that
survive a restart.

The room is a thin layer over the engine. A table (:mod:`~homegame.room.table`) is a log of
events; the engine decides every rule. The server (:mod:`~homegame.room.app`, a Starlette app that
``homegame serve`` runs under uvicorn) checks each client's message (:mod:`~homegame.room.protocol`),
hands the request to the table, writes what it recorded to the store
(:mod:`~homegame.room.store`: SQLite or PostgreSQL) in one transaction, and only then pushes each
connected client the view of its own seat. Bots and the clock act through the same requests.
"""
