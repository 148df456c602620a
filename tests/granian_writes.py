"""An ASGI app for tests/test_fanout.py: one stream written through `web.hub.Subscriber`, served by Granian as
`riftlog serve` serves the hub: WRITES messages 2 ms apart to a client that reads them, then a last one that says
how many of those writes Granian did not take at once."""
from __future__ import annotations

import asyncio

from web.hub import STREAM_HEADERS, Subscriber

WRITES = 50


async def app(scope: dict, receive, send) -> None:
    if scope["type"] != "http":
        return
    subscriber = Subscriber(send, b"retry: 1000\n\n", 0)
    await send({"type": "http.response.start", "status": 200, "headers": STREAM_HEADERS})
    subscriber.taken()
    waited = 0
    for index in range(WRITES):
        await asyncio.sleep(0.002)
        subscriber.write(f"id: {index}\ndata: {'x' * 200}\n\n".encode(), 1 << 20)
        waited += subscriber.waiting is not None
    await send({"type": "http.response.body", "body": f"event: waited\ndata: {waited}\n\n".encode(),
                "more_body": False})
