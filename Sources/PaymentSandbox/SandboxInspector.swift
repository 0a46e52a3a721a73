import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The inspector at `GET /__admin/`: one HTML page with its CSS inline and its script served beside
/// it (`/__admin/inspector.js`; nothing fetched from elsewhere, so it works offline). It lists the sandbox's exchanges newest first from the
/// journal (`GET /__admin/requests`), refreshed every second and filterable by provider, status
/// and path; opens one in full (`GET /__admin/requests/<n>`: redacted headers and bodies, the
/// generated types, the verdict or refusing rule, copy as curl, replay shown beside the original);
/// and shows the providers' state with each transition linked to its exchange
/// (`GET /__admin/state`). Off loopback it passes the page's `?token=` on to every fetch.
/// Everything a client sent is written with `textContent`, never parsed as HTML.
enum SandboxInspector {
    /// The page.
    static func page() -> Response {
        Response(
            status: .ok,
            headers: [
                .contentType: "text/html; charset=utf-8", .cacheControl: "no-store",
                // No inline script (the script is the served file below), and never in a frame.
                .contentSecurityPolicy: "default-src 'self'; style-src 'unsafe-inline'; script-src 'self'; frame-ancestors 'none'",
            ],
            body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }

    /// `GET /__admin/inspector.js`: the page's script. It holds no data (every exchange comes from
    /// the admin API, with the token where one is needed), so it is served without the token.
    static func script() -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "text/javascript; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: scriptText)))
    }

    /// The page's text.
    static let html = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>PaymentSchemas sandbox · inspector</title>
        <style>
        body { font: 14px system-ui, sans-serif; margin: 0; color: #1d1d1f; }
        header { padding: 10px 16px; background: #1d1d1f; color: #fff; display: flex; gap: 12px; align-items: center; flex-wrap: wrap; }
        header h1 { font-size: 16px; margin: 0 12px 0 0; }
        header input, header select, button { font: inherit; padding: 3px 8px; }
        nav button.on { font-weight: 600; }
        main { display: flex; height: calc(100vh - 50px); }
        #list { flex: 0 0 40%; overflow: auto; border-right: 1px solid #d2d2d7; }
        #side { flex: 1 1 60%; overflow: auto; padding: 8px 14px; min-width: 0; }
        #rows td:nth-child(5) { max-width: 22em; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
        table { border-collapse: collapse; width: 100%; }
        th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid #e5e5e5; font-family: ui-monospace, monospace; font-size: 12.5px; vertical-align: top; }
        th { background: #f5f5f7; position: sticky; top: 0; }
        #rows tr { cursor: pointer; } #rows tr:hover { background: #f0f4ff; } #rows tr.open { background: #dbe7ff; }
        .s2 { color: #1a7f37; } .s3 { color: #0969da; } .s4 { color: #9a6700; } .s5, .s0 { color: #cf222e; }
        pre { background: #f6f8fa; padding: 8px; overflow: auto; max-height: 360px; font-size: 12px; white-space: pre-wrap; word-break: break-all; }
        h2 { font-size: 15px; margin: 8px 0; } h3 { font-size: 13px; margin: 12px 0 4px; }
        .verdict { padding: 6px 10px; border-radius: 6px; background: #eef6ee; } .verdict.refused { background: #fff1e5; }
        .columns { display: flex; gap: 12px; } .columns > div { flex: 1; min-width: 0; }
        .history a { color: #0969da; cursor: pointer; text-decoration: underline; }
        #empty, .muted { color: #6e6e73; } #empty { padding: 16px; }
        </style>
        </head>
        <body>
        <header>
        <h1>Sandbox inspector</h1>
        <nav><button id="exchanges-tab" class="on">Exchanges</button> <button id="state-tab">Providers' state</button></nav>
        <label>provider <select id="provider"><option value="">all</option></select></label>
        <label>status <select id="status"><option value="">all</option><option>2xx</option><option>3xx</option><option>4xx</option><option>5xx</option><option value="0xx">dropped</option></select></label>
        <label>path <input id="path" placeholder="contains…" size="20"></label>
        <label><input id="live" type="checkbox" checked> live</label>
        <span id="count"></span>
        </header>
        <main>
        <div id="list">
        <table>
        <thead><tr><th>#</th><th>time</th><th>provider</th><th>method</th><th>path</th><th>status</th><th>scenario</th><th>fault</th><th>ms</th></tr></thead>
        <tbody id="rows"></tbody>
        </table>
        <div id="empty">No exchange yet: send a request to /t/&lt;provider&gt;/….</div>
        </div>
        <div id="side"><p class="muted" id="hint">Choose an exchange to see its headers, bodies and verdict.</p><div id="detail"></div><div id="state" hidden></div></div>
        </main>
        <script src="/__admin/inspector.js"></script>
        </body>
        </html>
        """

    /// The page's script: every request it makes says `X-Sandbox-Client: 1`, which a page of another
    /// origin cannot send here (the header makes a browser ask first, and the sandbox allows no other
    /// origin), and the page's `?token=` when it has one.
    static let scriptText = """
        "use strict";
        const token = new URLSearchParams(location.search).get("token");
        const headers = token ? { "X-Sandbox-Token": token, "X-Sandbox-Client": "1" } : { "X-Sandbox-Client": "1" };
        const $ = id => document.getElementById(id);
        const providers = new Set();
        let entries = [];
        let opened = null;
        function el(tag, text, cls) { const e = document.createElement(tag); if (text !== undefined && text !== null) e.textContent = String(text); if (cls) e.className = cls; return e; }
        async function get(path, options) { const answer = await fetch(path, Object.assign({ cache: "no-store", headers }, options || {})); return answer.json(); }
        function render() {
          const provider = $("provider").value, status = $("status").value, path = $("path").value;
          const shown = entries.filter(e => (!provider || e.provider === provider)
            && (!status || String(e.status).charAt(0) === status.charAt(0) && (status !== "0xx" || e.status === 0))
            && (!path || e.path.includes(path))).reverse();
          const rows = $("rows");
          rows.textContent = "";
          for (const e of shown) {
            const row = document.createElement("tr");
            row.dataset.sequence = e.sequence;
            if (e.sequence === opened) row.className = "open";
            for (const [text, cls] of [[e.sequence], [e.time.slice(11, 19)], [e.provider], [e.method], [e.path + (e.queryNames.length ? "?" + e.queryNames.join("&") : "")],
                                       [e.status === 0 ? "dropped" : e.status, "s" + String(e.status).charAt(0)], [e.scenario || ""], [e.fault || ""], [e.milliseconds]]) row.appendChild(el("td", text, cls));
            row.children[4].title = row.children[4].textContent;
            row.addEventListener("click", () => open(e.sequence));
            rows.appendChild(row);
          }
          $("empty").hidden = entries.length > 0;
          $("count").textContent = shown.length + " of " + entries.length + " exchanges";
        }
        async function refresh() {
          try {
            entries = (await get("/__admin/requests")).requests;
            for (const e of entries) if (!providers.has(e.provider)) { providers.add(e.provider); $("provider").appendChild(el("option", e.provider)); }
            render();
            if (!$("state").hidden) await showState();
          } catch (error) { $("count").textContent = "the sandbox does not answer"; }
        }
        function headerTable(list) {
          const table = el("table");
          for (const [name, value] of list) { const row = document.createElement("tr"); row.appendChild(el("td", name)); row.appendChild(el("td", value)); table.appendChild(row); }
          return table;
        }
        function exchangeView(d) {
          const box = el("div");
          box.dataset.sequence = d.sequence;
          box.appendChild(el("h2", "#" + d.sequence + " " + d.method + " " + d.path + " → " + (d.status === 0 ? "dropped" : d.status) + (d.replayOf ? " (replay of #" + d.replayOf + ")" : "")));
          if (!d.kept) { box.appendChild(el("p", d.note, "muted")); return box; }
          const v = d.verdict;
          const verdict = el("div", null, "verdict" + (d.status >= 400 || d.status === 0 ? " refused" : ""));
          verdict.dataset.role = "verdict";
          if (v) {
            verdict.appendChild(el("div", v.outcome + (v.rule ? ": " + v.rule : "")));
            if (v.operationID) verdict.appendChild(el("div", "operation " + v.operationID + (v.requestType ? " · request decoded as " + v.requestType : "") + (v.responseType ? " · answer checked as " + v.responseType : ""), "muted"));
            if (v.violations.length) { const list = el("ul"); for (const x of v.violations) list.appendChild(el("li", x.path + " (" + x.rule + "): " + x.message)); verdict.appendChild(list); }
          } else verdict.appendChild(el("div", d.provider === "pages" ? "a hosted page" : "no provider judged it", "muted"));
          box.appendChild(verdict);
          if (d.transitions.length) {
            box.appendChild(el("h3", "State changes"));
            const list = el("ul");
            for (const t of d.transitions) list.appendChild(el("li", t.provider + " " + t.kind + " " + t.id + " → " + t.state));
            box.appendChild(list);
          }
          box.appendChild(el("h3", "Request " + d.request.target));
          box.appendChild(headerTable(d.request.headers));
          box.appendChild(el("pre", d.request.body || "(no body)")).dataset.role = "request-body";
          box.appendChild(el("h3", "Response " + d.response.status));
          box.appendChild(headerTable(d.response.headers));
          box.appendChild(el("pre", d.response.body || "(no body)")).dataset.role = "response-body";
          return box;
        }
        async function open(sequence) {
          opened = sequence;
          $("state").hidden = true; $("exchanges-tab").className = "on"; $("state-tab").className = "";
          const d = await get("/__admin/requests/" + sequence);
          const detail = $("detail");
          detail.textContent = "";
          $("hint").hidden = true;
          if (d.error) { detail.appendChild(el("p", d.message, "muted")); return; }
          const tools = el("div");
          const curlButton = el("button", "Copy as curl"); curlButton.id = "copy-curl";
          const replayButton = el("button", "Replay"); replayButton.id = "replay"; replayButton.disabled = !d.replayable;
          tools.append(curlButton, " ", replayButton);
          detail.appendChild(tools);
          const curl = el("pre", d.curl || ""); curl.id = "curl"; curl.hidden = true;
          detail.appendChild(curl);
          curlButton.addEventListener("click", async () => {
            curl.hidden = false;
            try { await navigator.clipboard.writeText(d.curl); curlButton.textContent = "Copied"; }
            catch (error) { const range = document.createRange(); range.selectNodeContents(curl); const s = getSelection(); s.removeAllRanges(); s.addRange(range); curlButton.textContent = "Selected: copy it"; }
          });
          const columns = el("div", null, "columns"); columns.id = "compare";
          columns.appendChild(exchangeView(d));
          detail.appendChild(columns);
          replayButton.addEventListener("click", async () => {
            replayButton.disabled = true;
            const answer = await get("/__admin/requests/" + sequence + "/replay", { method: "POST" });
            if (!answer.sequence) { columns.appendChild(el("p", answer.message, "muted")); return; }
            const again = await get("/__admin/requests/" + answer.sequence);
            columns.appendChild(exchangeView(again));
            await refresh();
          });
          render();
        }
        async function showState() {
          const data = await get("/__admin/state");
          const state = $("state");
          state.textContent = "";
          for (const p of data.providers) {
            if (!p.resources.length) continue;
            state.appendChild(el("h2", p.provider));
            const table = el("table");
            table.appendChild(el("tr")).append(el("th", "kind"), el("th", "id"), el("th", "state"), el("th", "history"));
            for (const r of p.resources) {
              const row = el("tr"); row.dataset.resource = r.id;
              row.append(el("td", r.kind), el("td", r.id), el("td", r.state));
              const history = el("td", null, "history");
              r.history.forEach((t, i) => {
                if (i) history.append(" → ");
                history.append(t.state + " ");
                if (t.exchange !== null) { const link = el("a", "#" + t.exchange); link.dataset.sequence = t.exchange; link.addEventListener("click", () => open(t.exchange)); history.append("(", link, ")"); }
              });
              row.appendChild(history);
              table.appendChild(row);
            }
            state.appendChild(table);
          }
          if (!state.childNodes.length) state.appendChild(el("p", "No provider holds anything yet.", "muted"));
        }
        $("state-tab").addEventListener("click", async () => { $("detail").textContent = ""; $("hint").hidden = true; $("state").hidden = false; $("state-tab").className = "on"; $("exchanges-tab").className = ""; await showState(); });
        $("exchanges-tab").addEventListener("click", () => { $("state").hidden = true; $("exchanges-tab").className = "on"; $("state-tab").className = ""; if (opened !== null) open(opened); else $("hint").hidden = false; });
        for (const id of ["provider", "status", "path"]) $(id).addEventListener("input", render);
        refresh();
        setInterval(() => { if ($("live").checked) refresh(); }, 1000);
        """
}
