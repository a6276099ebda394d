#!/usr/bin/env python3
"""How long `tabula lsp` takes to answer each request on one rules file.

    python3 benches/lsp-times.py target/release/tabula games/backgammon.tabula NAME
    python3 benches/lsp-times.py target/release/tabula --generate 10000 NAME

Opens the file (or a generated one of about that many lines: actions of their own names
over one counter, fewer than a game's 1000 of a kind), waits for its diagnostics, then sends each request three times at
the last use of NAME and prints the quickest answer in milliseconds. The figures of
docs/editors.md come from it.
"""
import json
import subprocess
import sys
import time


def generated(lines):
    text = 'game "big"\nplayers a, b\nboard { grid 9 x 9 }\npiece p\ncounter moves = 0\n'
    text += "phase play {\n  starts a\n  actions go0\n  stuck end draw\n}\n"
    k = 0
    while text.count("\n") < lines:
        text += (
            f"\ndefine far{k} = moves + {k}\naction go{k} \"{{to}}\"\n  for to in cells\n"
            f"  let here = to\n  where empty(here) and far{k} > 0\n{{\n"
            f"  put p of mover at here\n  if moves > {k} {{\n    moves -= 1\n  }}\n"
            "  moves += 1\n}\n"
        )
        k += 1
    return text


def main():
    binary, source, name = sys.argv[1], sys.argv[2], sys.argv[-1]
    if source == "--generate":
        text = generated(int(sys.argv[3]))
        path = "/tmp/generated.tabula"
    else:
        text = open(source, encoding="utf-8").read()
        path = source
    at = text.rindex(name)
    line = text.count("\n", 0, at)
    character = len(text[text.rfind("\n", 0, at) + 1 : at].encode("utf-16-le")) // 2
    server = subprocess.Popen([binary, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def send(message):
        body = json.dumps(message).encode()
        server.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        server.stdin.flush()

    def receive():
        length = None
        while True:
            header = server.stdout.readline().strip()
            if not header:
                break
            if header.startswith(b"Content-Length:"):
                length = int(header.split()[1])
        return json.loads(server.stdout.read(length))

    ids = [0]

    def request(method, params):
        ids[0] += 1
        started = time.perf_counter()
        send({"jsonrpc": "2.0", "id": ids[0], "method": method, "params": params})
        while True:
            message = receive()
            if message.get("id") == ids[0]:
                return time.perf_counter() - started

    uri = "file://" + path
    request("initialize", {"processId": None, "capabilities": {}})
    send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    started = time.perf_counter()
    document = {"uri": uri, "languageId": "tabula", "version": 1, "text": text}
    send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": document}})
    while receive().get("method") != "textDocument/publishDiagnostics":
        pass
    print(f"{text.count(chr(10))} lines, {len(text.encode())} bytes")
    print(f"{'diagnostics (on open)':34} {(time.perf_counter() - started) * 1000:8.1f} ms")
    place = {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}}
    whole = {"textDocument": {"uri": uri}}
    requests = [
        ("textDocument/hover", place),
        ("textDocument/definition", place),
        ("textDocument/references", dict(place, context={"includeDeclaration": True})),
        ("textDocument/rename", dict(place, newName="renamed_name")),
        ("textDocument/completion", place),
        ("textDocument/documentSymbol", whole),
        ("textDocument/semanticTokens/full", whole),
        ("textDocument/formatting", dict(whole, options={"tabSize": 2, "insertSpaces": True})),
    ]
    for method, params in requests:
        best = min(request(method, params) for _ in range(3))
        print(f"{method:34} {best * 1000:8.1f} ms")
    # A change, then a request before its diagnostics: the request reads the new text.
    document["text"] = text + "\n"
    change = {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": text + "\n"}]}
    send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": change})
    print(f"{'hover just after a change':34} {request('textDocument/hover', place) * 1000:8.1f} ms")
    request("shutdown", None)
    send({"jsonrpc": "2.0", "method": "exit"})
    server.wait()


main()
