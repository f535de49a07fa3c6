#!/usr/bin/env python3
"""`make serve ADDR=HOST:PORT`: say where the site will be, before `mkdocs serve` starts.

    python scripts/serve_address.py HOST:PORT

For 127.0.0.1 (the default) the site is on this machine only. For 0.0.0.0 (every interface) it also names this
machine's address on the local network, the one to type on a phone or tablet on the same Wi-Fi. A malformed
address is refused in one line (exit 2), before anything is built.
"""

from __future__ import annotations

import ipaddress
import socket
import sys

_EVERY_INTERFACE = {"0.0.0.0", "::"}


def parse(address: str) -> tuple[str, int]:
    """(host, port) from `HOST:PORT` (`[::]:8000` for IPv6); ValueError with a sentence when it is not one."""
    host, sep, port_text = address.rpartition(":")
    if not sep or not host:
        raise ValueError(f"ADDR={address!r} is not HOST:PORT (for example ADDR=0.0.0.0:8000)")
    host = host[1:-1] if host.startswith("[") and host.endswith("]") else host
    if host != "localhost":
        try:
            host = str(ipaddress.ip_address(host))
        except ValueError:
            raise ValueError(
                f"ADDR={address!r}: {host!r} is not an IP address (for example ADDR=0.0.0.0:8000)"
            ) from None
    if not port_text.isdigit() or not 0 < int(port_text) < 65536:
        raise ValueError(f"ADDR={address!r}: {port_text!r} is not a port number (1-65535)")
    return host, int(port_text)


def local_network_address() -> str | None:
    """This machine's address on its local network: the one its traffic leaves from (no packet is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # a documentation address: only the route is looked up
            found = str(probe.getsockname()[0])
        except OSError:
            return None
    return None if found.startswith("127.") or found == "0.0.0.0" else found


def lines(host: str, port: int, lan: str | None) -> list[str]:
    shown = f"[{host}]" if ":" in host else host
    if host not in _EVERY_INTERFACE:
        return [
            (
                f"serving on http://{shown}:{port}/ (this machine only; `make serve ADDR=0.0.0.0:{port}` to open "
                "it from a phone on the same network)"
            )
        ]
    out = [f"serving on every network interface, port {port}: on this machine http://127.0.0.1:{port}/"]
    if lan:
        out.append(f"  from a phone or tablet on the same network: http://{lan}:{port}/")
    else:
        out.append(
            f"  from a phone or tablet on the same network: http://<this machine's address>:{port}/ "
            "(no network address found)"
        )
    out.append("  anyone on that network can read the site while it runs; stop it with Ctrl-C")
    return out


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: serve_address.py HOST:PORT", file=sys.stderr)
        return 2
    try:
        host, port = parse(args[0])
    except ValueError as exc:
        print(f"make serve: {exc}", file=sys.stderr)
        return 2
    print("\n".join(lines(host, port, local_network_address() if host in _EVERY_INTERFACE else None)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
