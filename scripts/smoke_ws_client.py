#!/usr/bin/env python3
# The WebSocket client of scripts/docker-smoke, standard library only (no package to install):
# `play PORT` creates a public Kvadratura room with an easy bot, makes one move and prints
# "ROOM GAME_ID"; `hold PORT` stays connected and prints the close code the server sends;
# `follow PORT DIR` (--cluster) plays a room through the proxy and follows it from node to node
# (its docstring says how).
import base64, json, os, select, socket, struct, sys, time, urllib.parse


class Closed(Exception):
    """The connection ended; `code` is the close code the server sent, None without one."""

    def __init__(self, code=None):
        super().__init__(code)
        self.code = code


class Connection:
    def __init__(self, host, port, path="/ws", timeout=60):
        self.sock = socket.create_connection((host, port), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\n"
                           "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                           f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
                           ).encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(1)
            if not chunk:
                raise ConnectionError("no upgrade")
            head += chunk
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise ConnectionError("upgrade refused: " + head.split(b"\r\n")[0].decode(errors="replace"))

    def exact(self, n):
        data = b""
        while len(data) < n:
            chunk = self.sock.recv(n - len(data))
            if not chunk:
                raise Closed()
            data += chunk
        return data

    def send(self, message, opcode=1):
        payload = json.dumps(message).encode() if opcode == 1 else message
        mask = os.urandom(4)
        length = len(payload)
        header = bytes([0x80 | opcode])
        if length < 126:
            header += bytes([0x80 | length])
        elif length < 65536:
            header += bytes([0x80 | 126]) + struct.pack("!H", length)
        else:
            header += bytes([0x80 | 127]) + struct.pack("!Q", length)
        self.sock.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def receive(self, wait=None):
        """The next text message as a dict; None when `wait` seconds pass without a frame."""
        message = b""
        while True:
            if not message and wait is not None and \
                    not select.select([self.sock], [], [], wait)[0]:
                return None
            first, second = self.exact(2)
            length = second & 0x7F
            if length == 126:
                length = struct.unpack("!H", self.exact(2))[0]
            elif length == 127:
                length = struct.unpack("!Q", self.exact(8))[0]
            payload = self.exact(length)
            opcode = first & 0x0F
            if opcode == 8:
                raise Closed(struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else 1005)
            if opcode == 9:
                self.send(payload, opcode=10)
                continue
            message += payload
            if first & 0x80 and opcode in (0, 1):
                return json.loads(message)

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass


def play(port):
    c = Connection("127.0.0.1", port)
    c.send({"type": "hello", "id": 1, "name": "Smoke"})
    c.send({"type": "create_room", "id": 2, "game": "kvadratura", "public": True, "seat": 0})
    moved = added = False
    while not moved:
        try:
            reply = c.receive()
        except Closed as closed:
            sys.exit(f"closed with {closed.code}")
        kind = reply["type"]
        if kind == "error":
            sys.exit(f"error: {reply}")
        if kind == "snapshot":
            room, game_id = reply["room"], reply["game_id"]
            if not added:
                c.send({"type": "add_bot", "id": 3, "room": room, "level": "easy"})
                added = True
            state = reply["state"]
            if reply["status"] == "playing" and state["to_move"] == 0 and state["legal"]:
                c.send({"type": "move", "id": 4, "room": room, "move": state["legal"][0],
                        "version": reply["version"]})
        if kind == "moved":
            moved = True
    print(room, game_id)


def hold(port):
    c = Connection("127.0.0.1", port)
    c.send({"type": "hello", "id": 1, "name": "Smoke"})
    print("ready", flush=True)
    while True:
        try:
            c.receive()
        except Closed as closed:
            print(closed.code if closed.code is not None else "EOF")
            return


def follow(port, control):
    """Seat 0 of a new Kvadratura room against an easy bot, entered at the proxy's /ws on
    127.0.0.1:PORT. It moves while its moves number less than CONTROL/target says, and follows
    the room as a client must (PROTOCOL.md "redirect"): to the node a `redirect` names (its
    public URL), on a lost connection back to the proxy's /ws, each time with `hello` and its
    token, then `join_room`. It prints one line per event, each "TIME KIND ...": `room ROOM
    GAME_ID`, `at VERSION PATH TOKEN` for each new version of the room it sees (with the path
    it is connected to), `redirect URL`, `lost PATH CODE`, `unreachable PATH WHY`, `error
    CODE`, `finished`. When CONTROL/done appears it prints `moves [TOKEN or null by version]`
    and ends."""
    token = room = None
    proxy = ("127.0.0.1", port, "/ws")
    address = proxy
    seen = 0
    moves = {}
    hops = []
    done = os.path.join(control, "done")

    def say(*words):
        print(f"{time.time():.3f}", *words, flush=True)

    def target():
        try:
            with open(os.path.join(control, "target")) as f:
                return int(f.read().strip() or 0)
        except (OSError, ValueError):
            return 0

    def session(c):
        """Plays on connection c; the address to go to next when the room is sent elsewhere."""
        nonlocal token, room, seen
        added = joined = False
        last = None
        pending = None
        retry_at = join_at = 0.0
        while not os.path.exists(done):
            # join_room until a snapshot comes: again 0.5 s after an error, 3 s after silence.
            if room is not None and not joined and time.time() >= join_at:
                c.send({"type": "join_room", "id": 2, "room": room})
                join_at = time.time() + 3
            reply = c.receive(wait=0.2)
            kind = reply["type"] if reply else None
            if kind == "welcome":
                token = reply["token"]
            elif kind == "error":
                say("error", reply.get("code"))
                if room is None:
                    sys.exit(f"error: {reply}")
                if reply.get("id") == 2:
                    join_at = time.time() + 0.5
                else:
                    pending, retry_at = None, time.time() + 0.5
            elif kind == "redirect" and reply.get("room") == room:
                url = reply.get("url") or ""
                say("redirect", url or '""')
                if not url:
                    return c.address
                parts = urllib.parse.urlsplit(url)
                return (parts.hostname, parts.port or 80, parts.path.rstrip("/") + "/ws")
            elif kind == "snapshot" and (room is None or reply["room"] == room):
                if room is None:
                    room = reply["room"]
                    say("room", room, reply["game_id"])
                if not added and room is not None and reply["seats"][1] is None:
                    c.send({"type": "add_bot", "id": 3, "room": room, "level": "easy"})
                    added = True
                version = reply["version"]
                if version > seen:
                    moves[version] = reply["last_move"]
                    seen = version
                    say("at", version, c.address[2], reply["last_move"])
                if pending is not None and version > pending:
                    pending = None
                last, joined = reply, True
                if reply["state"]["status"] != "ongoing" or reply["status"] == "finished":
                    say("finished")
            # Seat 0 has made (version + 1) // 2 of the first `version` moves.
            if last and pending is None and time.time() >= retry_at and \
                    last["status"] == "playing" and last["state"]["to_move"] == 0 and \
                    last["state"]["legal"] and (last["version"] + 1) // 2 < target():
                c.send({"type": "move", "id": 4, "room": room, "move": last["state"]["legal"][0],
                        "version": last["version"]})
                pending, retry_at = last["version"], time.time() + 5
            elif pending is not None and time.time() >= retry_at:
                pending = None  # unanswered for 5 s: sent again with the snapshot at hand
        return None

    while not os.path.exists(done):
        # Bounded hops, as the bundled client: a fourth redirect within 30 s goes to the proxy.
        now = time.time()
        hops = [t for t in hops if now - t < 30]
        if address != proxy:
            hops.append(now)
            if len(hops) > 3:
                address, hops = proxy, []
                time.sleep(1)
        try:
            c = Connection(*address, timeout=10)
        except (OSError, ConnectionError) as why:
            say("unreachable", address[2], str(why).replace(" ", "_"))
            address = proxy
            time.sleep(0.5)
            continue
        c.address = address
        try:
            hello = {"type": "hello", "id": 1, "name": "Smoke"}
            if token:
                hello["token"] = token
            c.send(hello)
            if room is None:
                c.send({"type": "create_room", "id": 2, "game": "kvadratura", "public": True,
                        "seat": 0})
            address = session(c) or address
        except Closed as closed:
            say("lost", address[2], closed.code)
            address = proxy
            time.sleep(0.2)
        except OSError as why:
            say("lost", address[2], str(why).replace(" ", "_"))
            address = proxy
            time.sleep(0.2)
        finally:
            c.close()
    say("moves", json.dumps([moves.get(v) for v in range(1, seen + 1)]))


mode, port = sys.argv[1], int(sys.argv[2])
if mode == "play":
    try:
        play(port)
    except ConnectionError as why:
        sys.exit(str(why))
elif mode == "hold":
    hold(port)
else:
    follow(port, sys.argv[3])
