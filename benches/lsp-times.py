import json, subprocess, sys, time
binary, path, line, char = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
text = open(path).read()
p = subprocess.Popen([binary, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
def send(m):
    b = json.dumps(m).encode()
    p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(b) + b); p.stdin.flush()
def read():
    n = None
    while True:
        l = p.stdout.readline().strip()
        if not l: break
        if l.startswith(b"Content-Length:"): n = int(l.split()[1])
    return json.loads(p.stdout.read(n))
ids = [0]
def request(method, params):
    ids[0] += 1
    t = time.time(); send({"jsonrpc": "2.0", "id": ids[0], "method": method, "params": params})
    while True:
        m = read()
        if m.get("id") == ids[0]: return m, time.time() - t
uri = "file://" + path
request("initialize", {"processId": None, "capabilities": {}})
send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
t = time.time()
send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": uri, "languageId": "tabula", "version": 1, "text": text}}})
while True:
    m = read()
    if m.get("method") == "textDocument/publishDiagnostics": break
print("%-40s %7.1f ms" % ("diagnostics (on open)", (time.time() - t) * 1000))
pos = {"textDocument": {"uri": uri}, "position": {"line": line, "character": char}}
doc = {"textDocument": {"uri": uri}}
for method, params in [
    ("textDocument/hover", pos), ("textDocument/definition", pos),
    ("textDocument/references", dict(pos, context={"includeDeclaration": True})),
    ("textDocument/rename", dict(pos, newName="renamed_name")),
    ("textDocument/completion", pos), ("textDocument/documentSymbol", doc),
    ("textDocument/semanticTokens/full", doc),
    ("textDocument/formatting", dict(doc, options={"tabSize": 2, "insertSpaces": True}))]:
    best = min(request(method, params)[1] for _ in range(3))
    print("%-40s %7.1f ms" % (method, best * 1000))
request("shutdown", None); send({"jsonrpc": "2.0", "method": "exit"})
