"""A minimal WebSocket client for the issue-25 measurements (no dependencies)."""
import base64, os, socket, struct, time
def connect(port, proto="gmcp.mudstandards.org", origin=None, host=None, src=None):
    s = socket.socket()
    if src: s.bind((src, 0))
    s.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    req = (f"GET /ws HTTP/1.1\r\nHost: {host or '127.0.0.1:%d' % port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
           f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: {proto}\r\n")
    if origin: req += f"Origin: {origin}\r\n"
    s.sendall((req + "\r\n").encode())
    resp = b""
    while b"\r\n\r\n" not in resp:
        b = s.recv(4096)
        if not b: break
        resp += b
    head, _, rest = resp.partition(b"\r\n\r\n")
    return s, int(head.split(b" ")[1]), rest
def send(s, payload, opcode=2):
    mask = os.urandom(4)
    n = len(payload)
    h = bytes([0x80 | opcode])
    if n < 126: h += bytes([0x80 | n])
    elif n < 65536: h += bytes([0x80 | 126]) + struct.pack(">H", n)
    else: h += bytes([0x80 | 127]) + struct.pack(">Q", n)
    s.sendall(h + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))
def frames(s, buf=b"", timeout=5):
    s.settimeout(timeout)
    while True:
        while len(buf) >= 2:
            op, n = buf[0] & 15, buf[1] & 127
            i = 2
            if n == 126: n = struct.unpack(">H", buf[2:4])[0]; i = 4
            elif n == 127: n = struct.unpack(">Q", buf[2:10])[0]; i = 10
            if len(buf) < i + n: break
            yield op, buf[i:i+n]; buf = buf[i+n:]
        try:
            b = s.recv(65536)
        except socket.timeout:
            return
        if not b:
            yield None, b""; return
        buf += b
