import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import PaymentServerCore

/// The inspector at `GET /__admin/`: one HTML page with its CSS inline and its script served beside
/// it (`/__admin/inspector.js`; nothing fetched from elsewhere, so it works offline).
///
/// The script lists the exchanges newest first and asks every second only for those after the last
/// one it has (`GET /__admin/requests?after=<n>`: an idle page moves a few hundred bytes a second),
/// appending rows rather than rebuilding the table, so a selection and the keyboard focus stay; it
/// starts over when the journal's `epoch` changes (a reset, a cleared journal). Rows are filterable
/// by provider, status and path, reachable by keyboard (Tab to the list, the arrow keys, Home and
/// End, Enter opens), and their times are the browser's local time with the zone named in the
/// column's heading (its UTC offset; the zone's name in the heading's tooltip). An exchange opens in full (`GET /__admin/requests/<n>`:
/// redacted headers and
/// bodies, the generated types, the verdict or refusing rule, copy as curl, replay shown beside the
/// original); the providers' state (`GET /__admin/state`, asked again with the `ETag` it gave) shows
/// each transition linked to its exchange; the Webhooks tab (`GET /__admin/webhooks`) each delivery
/// with its attempts, sent again with a button. Off loopback the page passes its `?token=` on to every
/// fetch. Everything a client sent is written with `textContent`, never parsed as HTML.
///
/// Without script the page lists the exchanges as plain HTML: a `noscript` table the server writes,
/// newest first, times in UTC.
enum SandboxInspector {
    /// The page, listing `entries` for a browser that runs no script.
    static func page(entries: [SandboxJournalEntry]) -> Response {
        Response(
            status: .ok,
            headers: [
                .contentType: "text/html; charset=utf-8", .cacheControl: "no-store",
                // No inline script (the script is the served file below), and never in a frame.
                .contentSecurityPolicy: "default-src 'self'; style-src 'unsafe-inline'; script-src 'self'; frame-ancestors 'none'",
            ],
            body: ResponseBody(byteBuffer: ByteBuffer(string: html.replacingOccurrences(of: noScriptMark, with: noScript(entries)))))
    }

    /// Where the page's text takes the no-script listing.
    static let noScriptMark = "<!-- no-script listing -->"

    /// The exchanges as a plain HTML table, newest first, every text escaped.
    static func noScript(_ entries: [SandboxJournalEntry]) -> String {
        guard !entries.isEmpty else {
            return
                #"<noscript><p class="muted" id="noscript-empty">No exchange yet: send a request to /t/&lt;provider&gt;/….</p></noscript>"#
        }
        let time = DateFormatter()
        time.locale = Locale(identifier: "en_US_POSIX")
        time.timeZone = TimeZone(identifier: "UTC")
        time.dateFormat = "yyyy-MM-dd HH:mm:ss"
        var rows: [String] = []
        rows.reserveCapacity(entries.count)
        for entry in entries.reversed() {
            let path = entry.path + (entry.queryNames.isEmpty ? "" : "?" + entry.queryNames.joined(separator: "&"))
            let cells = [
                String(entry.sequence), time.string(from: entry.time), entry.provider, entry.method, path,
                entry.status == 0 ? "dropped" : String(entry.status), entry.scenario ?? "", entry.fault ?? "", String(entry.milliseconds),
            ]
            rows.append("<tr>" + cells.map { "<td>" + HTMLText.escape($0) + "</td>" }.joined() + "</tr>")
        }
        return """
            <noscript><p class="muted">Script is off: the \(entries.count) exchanges as they were when the page loaded, newest \
            first (reload for more; times in UTC). With script on, each opens in full.</p>
            <table id="noscript-rows"><thead><tr><th>#</th><th>time (UTC)</th><th>provider</th><th>method</th><th>path</th>\
            <th>status</th><th>scenario</th><th>fault</th><th>ms</th></tr></thead><tbody>
            \(rows.joined(separator: "\n"))
            </tbody></table></noscript>
            """
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
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>PaymentSchemas sandbox · inspector</title>
        <style>
        body { font: 14px system-ui, sans-serif; margin: 0; color: #1d1d1f; }
        header { padding: 8px 14px; background: #1d1d1f; color: #fff; display: flex; gap: 10px; align-items: center; flex-wrap: wrap; }
        header h1 { font-size: 16px; margin: 0 10px 0 0; }
        header input, header select, button { font: inherit; padding: 2px 6px; }
        nav button.on { font-weight: 600; }
        main { display: flex; height: calc(100vh - 46px); }
        #list { flex: 0 0 58%; overflow: auto; border-right: 1px solid #d2d2d7; min-width: 0; }
        #side { flex: 1 1 42%; overflow: auto; padding: 8px 14px; min-width: 0; }
        table { border-collapse: collapse; width: 100%; }
        #exchanges { table-layout: fixed; }
        th, td { text-align: left; padding: 3px 6px; border-bottom: 1px solid #e5e5e5; font-family: ui-monospace, monospace;
          font-size: 12px; vertical-align: top; }
        #exchanges th, #exchanges td { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
        th { background: #f5f5f7; position: sticky; top: 0; }
        #rows tr { cursor: pointer; } #rows tr:hover { background: #f0f4ff; } #rows tr.open { background: #dbe7ff; }
        #rows tr:focus { outline: 2px solid #0969da; outline-offset: -2px; }
        .s2 { color: #1a7f37; } .s3 { color: #0969da; } .s4 { color: #9a6700; } .s5, .s0 { color: #cf222e; }
        pre { background: #f6f8fa; padding: 8px; overflow: auto; max-height: 360px; font-size: 12px; white-space: pre-wrap;
          word-break: break-all; }
        h2 { font-size: 15px; margin: 8px 0; } h3 { font-size: 13px; margin: 12px 0 4px; }
        .verdict { padding: 6px 10px; border-radius: 6px; background: #eef6ee; } .verdict.refused { background: #fff1e5; }
        .columns { display: flex; gap: 12px; } .columns > div { flex: 1; min-width: 0; }
        .history a { color: #0969da; cursor: pointer; text-decoration: underline; }
        #empty, .muted { color: #6e6e73; } #empty, noscript p { padding: 8px 16px; }
        </style>
        </head>
        <body>
        <header>
        <h1>Sandbox inspector</h1>
        <nav><button id="exchanges-tab" class="on">Exchanges</button> <button id="state-tab">Providers' state</button> <button id="webhooks-tab">Webhooks</button></nav>
        <label>provider <select id="provider"><option value="">all</option></select></label>
        <label>status <select id="status"><option value="">all</option><option>2xx</option><option>3xx</option><option>4xx</option>
        <option>5xx</option><option value="0xx">dropped</option></select></label>
        <label>path <input id="path" placeholder="contains…" size="16"></label>
        <label><input id="live" type="checkbox" checked> live</label>
        <span id="count"></span>
        </header>
        <main>
        <div id="list">
        <!-- no-script listing -->
        <table id="exchanges" hidden>
        <colgroup><col style="width:6%"><col style="width:14%"><col style="width:14%"><col style="width:8%"><col style="width:24%">
        <col style="width:8%"><col style="width:11%"><col style="width:8%"><col style="width:7%"></colgroup>
        <thead><tr><th>#</th><th id="time-heading">time</th><th>provider</th><th>method</th><th>path</th><th>status</th>
        <th>scenario</th><th>fault</th><th>ms</th></tr></thead>
        <tbody id="rows"></tbody>
        </table>
        <div id="empty" hidden>No exchange yet: send a request to /t/&lt;provider&gt;/….</div>
        </div>
        <div id="side"><p class="muted" id="hint" hidden>Choose an exchange (click it, or Tab to the list, move with the arrow keys
        and press Enter) to see its headers, bodies and verdict.</p><div id="detail"></div><div id="state" hidden></div><div id="webhooks" hidden></div></div>
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
        const entries = new Map();
        let last = 0, epoch = null, limit = 1000, opened = null, stateTag = null, busy = false;
        const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "local";
        const offset = (new Intl.DateTimeFormat("en-US", { timeZoneName: "shortOffset" }).formatToParts(new Date()).find(p => p.type === "timeZoneName") || { value: zone }).value;
        const clock = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit", second: "2-digit", hour12: false });
        const full = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "long" });
        function el(tag, text, cls) { const e = document.createElement(tag); if (text !== undefined && text !== null) e.textContent = String(text); if (cls) e.className = cls; return e; }
        async function get(path, options) { const answer = await fetch(path, Object.assign({ cache: "no-store", headers }, options || {})); return answer.json(); }
        function matches(e) {
          const provider = $("provider").value, status = $("status").value, path = $("path").value;
          return (!provider || e.provider === provider)
            && (!status || String(e.status).charAt(0) === status.charAt(0) && (status !== "0xx" || e.status === 0))
            && (!path || e.path.includes(path));
        }
        function count() {
          let shown = 0;
          for (const row of $("rows").children) if (!row.hidden) shown++;
          const text = shown + " of " + entries.size + " exchanges";
          if ($("count").textContent !== text) $("count").textContent = text;
          $("empty").hidden = entries.size > 0;
          $("exchanges").hidden = entries.size === 0;
        }
        function row(e) {
          const tr = document.createElement("tr");
          tr.dataset.sequence = e.sequence;
          tr.tabIndex = 0;
          const time = new Date(e.time);
          for (const [text, cls] of [[e.sequence], [clock.format(time)], [e.provider], [e.method], [e.path + (e.queryNames.length ? "?" + e.queryNames.join("&") : "")],
                                     [e.status === 0 ? "dropped" : e.status, "s" + String(e.status).charAt(0)], [e.scenario || ""], [e.fault || ""], [e.milliseconds]]) {
            const td = el("td", text, cls); td.title = td.textContent; tr.appendChild(td);
          }
          tr.children[1].title = full.format(time);
          if (e.sequence === opened) tr.className = "open";
          tr.hidden = !matches(e);
          return tr;
        }
        function add(list) {
          const rows = $("rows");
          const fragment = document.createDocumentFragment();
          for (const e of list) {
            if (entries.has(e.sequence)) continue;
            entries.set(e.sequence, e);
            if (!providers.has(e.provider)) { providers.add(e.provider); $("provider").appendChild(el("option", e.provider)); }
            fragment.prepend(row(e));
            last = Math.max(last, e.sequence);
          }
          if (fragment.childNodes.length) rows.prepend(fragment);
          while (entries.size > limit && rows.lastElementChild) { entries.delete(Number(rows.lastElementChild.dataset.sequence)); rows.lastElementChild.remove(); }
        }
        async function refresh() {
          if (busy) return;
          busy = true;
          try {
            const data = await get("/__admin/requests?after=" + last);
            if (epoch !== null && data.epoch !== epoch) {
              entries.clear(); $("rows").textContent = ""; last = 0; epoch = data.epoch; busy = false;
              return refresh();
            }
            epoch = data.epoch; limit = data.limit || limit;
            add(data.requests);
            count();
            if (!$("state").hidden) await showState(false);
            if (!$("webhooks").hidden) await showWebhooks();
          } catch (error) { $("count").textContent = "the sandbox does not answer"; }
          busy = false;
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
          box.appendChild(el("p", full.format(new Date(d.time)), "muted"));
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
        function mark(sequence) {
          for (const tr of $("rows").querySelectorAll("tr.open")) tr.className = "";
          const tr = $("rows").querySelector("tr[data-sequence='" + sequence + "']");
          if (tr) tr.className = "open";
        }
        async function open(sequence) {
          opened = sequence;
          mark(sequence);
          tab("exchanges");
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
        }
        async function showState(always) {
          const answer = await fetch("/__admin/state", { cache: "no-store", headers: Object.assign({}, headers, stateTag && !always ? { "If-None-Match": stateTag } : {}) });
          if (answer.status === 304) return;
          stateTag = answer.headers.get("ETag");
          const data = await answer.json();
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
                if (t.exchange !== null) { const link = el("a", "#" + t.exchange); link.dataset.sequence = t.exchange; link.href = "#"; link.addEventListener("click", event => { event.preventDefault(); open(t.exchange); }); history.append("(", link, ")"); }
              });
              row.appendChild(history);
              table.appendChild(row);
            }
            state.appendChild(table);
          }
          if (!state.childNodes.length) state.appendChild(el("p", "No provider holds anything yet.", "muted"));
        }
        async function showWebhooks() {
          const data = await get("/__admin/webhooks");
          const box = $("webhooks");
          box.textContent = "";
          if (!data.deliveries.length) { box.appendChild(el("p", "No webhook delivery yet: a Mollie payment with a webhookUrl, or a PayPal webhook registered, is told of each change.", "muted")); return; }
          for (const d of data.deliveries) {
            const item = el("div"); item.dataset.delivery = d.id; item.className = "delivery";
            item.appendChild(el("h3", d.id + " " + d.provider + " " + d.event + " → " + d.url));
            item.appendChild(el("div", d.state + " · " + d.cause + (d.replayOf ? " of " + d.replayOf : "") + " · " + d.attempts.length + " of " + d.schedule.attempts + " attempts" + (d.nextAttempt ? " · next " + full.format(new Date(d.nextAttempt)) : ""), "muted")).dataset.role = "state";
            const list = el("ol"); list.dataset.role = "attempts";
            for (const a of d.attempts) list.appendChild(el("li", clock.format(new Date(a.started)) + " " + (a.status === null ? "no answer" : a.status) + (a.failure ? ": " + a.failure : "") + " (" + a.milliseconds + " ms)", a.failure ? "s5" : "s2"));
            item.appendChild(list);
            const again = el("button", "Send again"); again.dataset.role = "replay";
            again.addEventListener("click", async () => { again.disabled = true; await get("/__admin/webhooks/" + d.id + "/replay", { method: "POST" }); await showWebhooks(); });
            item.appendChild(again);
            const body = el("pre", d.request.body); body.dataset.role = "webhook-body"; item.appendChild(body);
            box.appendChild(item);
          }
        }
        function visibleRows() { return [...$("rows").children].filter(tr => !tr.hidden); }
        $("rows").addEventListener("click", event => { const tr = event.target.closest("tr"); if (tr) open(Number(tr.dataset.sequence)); });
        $("rows").addEventListener("keydown", event => {
          const tr = event.target.closest("tr");
          if (!tr) return;
          const rows = visibleRows(), at = rows.indexOf(tr);
          const next = { ArrowDown: rows[at + 1], ArrowUp: rows[at - 1], Home: rows[0], End: rows[rows.length - 1] }[event.key];
          if (next) { event.preventDefault(); next.focus(); }
          else if (event.key === "Enter" || event.key === " ") { event.preventDefault(); open(Number(tr.dataset.sequence)); }
        });
        $("time-heading").textContent = "time " + offset;
        $("time-heading").title = "times are this browser's local time: " + zone + " (" + offset + ")";
        function tab(name) { for (const t of ["exchanges", "state", "webhooks"]) $(t + "-tab").className = t === name ? "on" : ""; $("state").hidden = name !== "state"; $("webhooks").hidden = name !== "webhooks"; }
        $("state-tab").addEventListener("click", async () => { $("detail").textContent = ""; $("hint").hidden = true; tab("state"); await showState(true); });
        $("webhooks-tab").addEventListener("click", async () => { $("detail").textContent = ""; $("hint").hidden = true; tab("webhooks"); await showWebhooks(); });
        $("exchanges-tab").addEventListener("click", () => { tab("exchanges"); if (opened !== null) open(opened); else $("hint").hidden = false; });
        for (const id of ["provider", "status", "path"]) $(id).addEventListener("input", () => { for (const tr of $("rows").children) tr.hidden = !matches(entries.get(Number(tr.dataset.sequence))); count(); });
        $("hint").hidden = false;
        refresh();
        setInterval(() => { if ($("live").checked) refresh(); }, 1000);
        """
}
