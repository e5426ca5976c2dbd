"""What the table server checks before a request reaches a route, and the limits it gives uvicorn.

``Guard`` is the ASGI middleware around the whole application (docs/serve-protocol.md, "Origin,
Host and limits"):

- a request whose ``Host`` is not the address served, or whose ``Origin`` (when sent) is neither
  the server's own nor one of ``Settings.allow_origins``, is refused: HTTP 403, and a websocket is
  closed before it opens (uvicorn answers the upgrade with 403). This closes DNS rebinding (a page
  of another site reaching this server under its own name) and cross-site websocket hijacking;
- a request body larger than ``Settings.max_body`` bytes gets 413 without being read further, and
  one that has not all arrived ``Settings.header_seconds`` after the request began gets 408 (a
  stalled body holds no connection);
- request headers over ``MAX_HEADER_BYTES`` in all get 431 (h11 bounds only a header block still
  arriving), and a request with more than one ``Origin`` header is refused;
- at most ``Settings.max_connections`` websockets are open at once (uvicorn's
  ``limit_concurrency`` counts HTTP requests, not upgraded connections): one more is closed before
  it opens with 1013 (try again later);
- every HTTP answer carries the security headers ``SECURITY_HEADERS`` and a
  ``Content-Security-Policy`` that lets the page load only its own scripts, styles and websocket.

``uvicorn_options`` are the connection limits (``limit_concurrency``, keep-alive and header
timeouts, header size) both ``sniper serve`` and ``sniper.serve.app.running`` pass to uvicorn.
"""

import asyncio
import ipaddress
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.responses import JSONResponse

from sniper.serve.settings import Settings, origin_of

LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
"""The names a loopback server answers to (with its port), whichever of them it listens on."""
WILDCARDS = ("0.0.0.0", "::", "")
"""Listening on every interface: any IP literal is accepted as ``Host`` (a DNS name is not)."""
MAX_HEADER_BYTES = 8192
"""The largest request line and headers uvicorn reads (h11 ``max_incomplete_event_size``)."""
CLOSE_BAD_HELLO = 1008
"""Close code for a websocket refused (foreign Host/Origin) or whose first message is not a ``hello``
with a seat token of the room (do not retry)."""
CLOSE_OVERFLOW = 1013
"""Close code for a client that left too many messages unread, a websocket beyond the server's limit, or a
spectator beyond a room's (``Settings.max_spectators``): "try again later"."""
SECURITY_HEADERS = {
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "cross-origin-opener-policy": "same-origin",
}
"""Headers on every HTTP answer: never framed, no content sniffing, room links not sent as referrer."""


def content_security_policy(host: str | None) -> str:
    """The page's ``Content-Security-Policy`` for a request to ``host`` (a checked ``Host`` header, or
    ``None`` for a refused request): its own scripts and styles only (``sniper/serve/static`` has no
    inline script or style), images from itself or ``data:``, fetches and websockets to this host
    only, never framed."""
    sockets = f" ws://{host} wss://{host}" if host else ""
    return (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        f"connect-src 'self'{sockets}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    )


def _host_forms(netloc: str, default_port: int) -> set[str]:
    """``netloc`` as a ``Host`` header may write it: with its port, and without when it is the default."""
    parts = urlsplit(f"//{netloc}")
    name = parts.netloc.rsplit(":", 1)[0] if parts.port is not None else parts.netloc
    port = parts.port or default_port
    forms = {f"{name}:{port}"}
    if port == default_port:
        forms.add(name)
    return forms


class Guard:
    """ASGI middleware: Host and Origin checks, the body cap and the security headers (module doc)."""

    def __init__(self, app, settings: Settings) -> None:
        self.app = app
        self.max_body = settings.max_body
        self.body_seconds = settings.header_seconds
        self.max_sockets = settings.max_connections
        self.sockets = 0
        self.port = settings.port
        self.any_ip = settings.host in WILDCARDS
        host = settings.host.lower()
        if ":" in host and not host.startswith("["):
            host = f"[{host}]"
        names = LOOPBACK_NAMES if host in LOOPBACK_NAMES or self.any_ip else (host,)
        self.hosts = set().union(*(_host_forms(f"{name}:{settings.port}", 80) for name in names))
        self.origins = {origin_of(url) for url in settings.allow_origins}
        for origin in self.origins:
            scheme, netloc = origin.split("://")
            self.hosts |= _host_forms(netloc, 443 if scheme == "https" else 80)

    def host_allowed(self, host: str) -> bool:
        """Whether ``host`` (a ``Host`` header, lower case) names this server."""
        if host in self.hosts:
            return True
        if not self.any_ip:
            return False
        try:
            parts = urlsplit(f"//{host}")
            ipaddress.ip_address((parts.hostname or "").strip("[]"))
            return (parts.port or 80) == self.port
        except ValueError:
            return False

    def refusal(self, headers: Headers) -> str | None:
        """Why a request with ``headers`` is refused, or ``None``: a foreign ``Host`` or ``Origin``."""
        host = headers.get("host", "").lower()
        if not self.host_allowed(host):
            return "this server does not answer to that Host name"
        origins = headers.getlist("origin")
        if len(origins) > 1:
            return "requests from other sites are refused (more than one Origin)"
        origin = origins[0] if origins else None
        if origin is not None and origin.lower() not in self.origins | {f"http://{host}", f"https://{host}"}:
            return "requests from other sites are refused (Origin)"
        return None

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        headers = Headers(scope=scope)
        reason = self.refusal(headers)
        if sum(len(name) + len(value) for name, value in scope["headers"]) > MAX_HEADER_BYTES:
            reason, status = f"request headers are limited to {MAX_HEADER_BYTES} bytes", 431
        else:
            status = 403
        if scope["type"] == "websocket":
            return await self.socket(scope, receive, send, reason)
        policy = content_security_policy(headers.get("host", "").lower() if reason is None else None)

        async def send_with_headers(message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [
                    *message.get("headers", []),
                    *((k.encode(), v.encode()) for k, v in SECURITY_HEADERS.items()),
                    (b"content-security-policy", policy.encode()),
                ]
            await send(message)

        if reason is not None:
            return await JSONResponse({"detail": reason}, status)(scope, receive, send_with_headers)
        length = headers.get("content-length")
        too_big = f"request bodies are limited to {self.max_body} bytes"
        if length is not None and (not length.isdigit() or int(length) > self.max_body):
            return await JSONResponse({"detail": too_big}, 413)(scope, receive, send_with_headers)
        read = 0
        deadline = asyncio.get_running_loop().time() + self.body_seconds

        async def capped_receive():
            nonlocal read
            try:
                message = await asyncio.wait_for(receive(), max(0.0, deadline - asyncio.get_running_loop().time()))
            except TimeoutError:
                raise HTTPException(408, f"the request did not arrive within {self.body_seconds:g} s") from None
            read += len(message.get("body", b""))
            if read > self.max_body:
                raise HTTPException(413, too_big)
            return message

        return await self.app(scope, capped_receive, send_with_headers)

    async def socket(self, scope, receive, send, reason: str | None) -> None:
        """A websocket: refused (1008) for ``reason``, or (1013) when ``max_sockets`` are open; else served."""
        if reason is None and self.sockets >= self.max_sockets:
            reason, code = f"the server has {self.max_sockets} open websockets; try again later", CLOSE_OVERFLOW
        else:
            code = CLOSE_BAD_HELLO
        if reason is not None:
            await send({"type": "websocket.close", "code": code, "reason": reason})
            return None
        self.sockets += 1
        try:
            return await self.app(scope, receive, send)
        finally:
            self.sockets -= 1


def header_timeout_protocol(seconds: float):
    """uvicorn's h11 protocol class, closing a connection whose request line and headers do not all
    arrive within ``seconds`` of the connection (or of the previous answer) — a slow-headers
    ("slowloris") client holds no connection for long."""
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class HeaderTimeout(H11Protocol):
        def connection_made(self, transport) -> None:
            super().connection_made(transport)
            self._arm()

        def _arm(self) -> None:
            self._waiting_for = self.scope
            self._header_timer = self.loop.call_later(seconds, self._too_slow)

        def _too_slow(self) -> None:
            if not self.transport.is_closing():
                self.transport.close()

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if self.scope is not self._waiting_for:  # a new request's headers were read
                self._header_timer.cancel()

        def on_response_complete(self) -> None:
            served = self.scope
            super().on_response_complete()
            if not self.transport.is_closing() and self.scope is served:  # no pipelined request started
                self._header_timer.cancel()
                self._arm()

        def connection_lost(self, exc) -> None:
            self._header_timer.cancel()
            super().connection_lost(exc)

    return HeaderTimeout


WS_MAX_BYTES = 2**18
"""The largest websocket message read: a longer one closes the connection with 1009 (message too big)."""


def uvicorn_options(settings: Settings) -> dict:
    """Keyword arguments of ``uvicorn.Config`` for ``settings``: the connection limits (module doc)."""
    return dict(
        http=header_timeout_protocol(settings.header_seconds),
        limit_concurrency=settings.max_connections,
        timeout_keep_alive=settings.keep_alive_seconds,
        h11_max_incomplete_event_size=MAX_HEADER_BYTES,
        ws_max_size=WS_MAX_BYTES,
        server_header=False,
        proxy_headers=False,  # X-Forwarded-For is not trusted: a client could claim any address (room limits)
    )
