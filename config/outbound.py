"""Requests this service makes to addresses its users give it (webhooks): only to public addresses, checked
when the request is made, and within one deadline for the whole attempt.

Why not urllib: it resolves the name again after any check of ours (DNS rebinding), follows redirects, and
its timeout applies to each read, so a receiver sending one byte every few seconds holds a worker for ever.
Here the name is resolved once, every address it gives is checked, the connection goes to the checked
address, no redirect is followed, and reading stops at the deadline whatever arrives.
"""

import ipaddress
import re
import socket
import ssl
import time
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
ANSWER_KEPT = 500  # characters of a receiver's answer that are logged
_READ_AT_MOST = 64 * 1024
_STATUS_LINE = re.compile(rb"HTTP/1\.[01] (\d{3})")


class AddressRefused(ValueError):
    """The address is not one this service sends requests to; the message says why, for people."""


@dataclass(frozen=True)
class Answer:
    status: int | None  # None: no HTTP answer (refused address, network error, deadline, garbage)
    body: str  # the start of the answer, or what went wrong
    seconds: float


def address_allowed(address: IPAddress) -> bool:
    """Public unicast addresses, and those of the networks WEBHOOK_ALLOWED_NETWORKS lists (an intranet)."""
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    if any(address in ipaddress.ip_network(network) for network in settings.WEBHOOK_ALLOWED_NETWORKS):
        return True
    return address.is_global and not (address.is_multicast or address.is_reserved or address.is_unspecified)


def url_check(url: str) -> None:
    """Raise AddressRefused unless `url` could be sent to: https (http only where WEBHOOK_ALLOW_HTTP), no
    credentials, and a host that is a public address or a name that does not resolve to a refused one
    (a name that does not resolve now is checked again at each delivery)."""
    parts = urlsplit(url)
    schemes = ("https", "http") if settings.WEBHOOK_ALLOW_HTTP else ("https",)
    if parts.scheme not in schemes:
        raise AddressRefused(f"the address must start with {' or '.join(s + '://' for s in schemes)}")
    if not parts.hostname or parts.username or parts.password:
        raise AddressRefused("the address needs a host name and no user name or password")
    try:
        parts.port  # noqa: B018 - raises on a port out of range
    except ValueError as error:
        raise AddressRefused("the address's port is not a number from 1 to 65535") from error
    if parts.hostname == "localhost" or parts.hostname.endswith((".localhost", ".local", ".internal")):
        raise AddressRefused("the address names this machine or a local network")
    try:
        _resolve(parts.hostname, parts.port or 443)
    except socket.gaierror:
        return


def _resolve(host: str, port: int) -> str:
    """The first address `host` resolves to, when every address it resolves to is allowed (a name with one
    private address among public ones is refused whole, so no choice of record reaches inside)."""
    try:
        addresses = [ipaddress.ip_address(host)]
    except ValueError:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
        addresses = [ipaddress.ip_address(str(info[4][0]).split("%", 1)[0]) for info in found]
    refused = [str(address) for address in addresses if not address_allowed(address)]
    if refused or not addresses:
        raise AddressRefused(f"{host} is a loopback, private, link-local, multicast or reserved address ({refused[0]})")
    return str(addresses[0])


def post(url: str, body: bytes, headers: dict[str, str], *, deadline: float) -> Answer:
    """POST `body` to `url` and read the answer's status and start, all within `deadline` seconds.
    Never raises: what went wrong is the answer's body, with no status."""
    started = time.monotonic()
    try:
        status, text = _post(url, body, headers, started + deadline)
    except AddressRefused as error:
        status, text = None, f"refused: {error}"
    except TimeoutError:
        status, text = None, f"no whole answer within {deadline:g} s"
    except (OSError, ValueError, UnicodeError) as error:
        status, text = None, f"{type(error).__name__}: {error}"
    return Answer(status, text[:ANSWER_KEPT], time.monotonic() - started)


def _post(url: str, body: bytes, headers: dict[str, str], deadline: float) -> tuple[int | None, str]:
    url_check(url)
    parts = urlsplit(url)
    host, https = parts.hostname or "", parts.scheme == "https"
    port = parts.port or (443 if https else 80)
    address = _resolve(host, port)
    connection = socket.create_connection((address, port), timeout=_left(deadline))
    try:
        if https:
            connection.settimeout(_left(deadline))
            connection = ssl.create_default_context().wrap_socket(connection, server_hostname=host)
        path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        lines = [f"POST {path} HTTP/1.1", f"Host: {parts.netloc}", f"Content-Length: {len(body)}", "Connection: close"]
        lines += [f"{name}: {value}" for name, value in headers.items()]
        connection.settimeout(_left(deadline))
        connection.sendall(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body)
        return _parse(_read(connection, deadline))
    finally:
        connection.close()


def _read(connection: socket.socket, deadline: float) -> bytes:
    """The answer until the receiver closes, enough of it is in, or the deadline passes (TimeoutError)."""
    data = b""
    while len(data) < _READ_AT_MOST:
        connection.settimeout(_left(deadline))
        chunk = connection.recv(4096)
        if not chunk:
            break
        data += chunk
        _head, separator, rest = data.partition(b"\r\n\r\n")
        if separator and len(rest) >= ANSWER_KEPT:
            break
    return data


def _parse(data: bytes) -> tuple[int | None, str]:
    head, _separator, rest = data.partition(b"\r\n\r\n")
    match = _STATUS_LINE.match(head)
    if match is None:
        return None, f"not an HTTP answer: {data[:80]!r}"
    return int(match.group(1)), rest.decode("utf-8", errors="replace")


def _left(deadline: float) -> float:
    left = deadline - time.monotonic()
    if left <= 0:
        raise TimeoutError
    return left
