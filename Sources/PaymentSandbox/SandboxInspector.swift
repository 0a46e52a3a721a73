import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The inspector at `GET /__admin/`: one HTML page, its CSS and script inline (nothing fetched
/// from elsewhere, so it works offline), that lists the sandbox's exchanges newest first from the
/// journal (`GET /__admin/requests`, redacted as the journal is), refreshed every second and
/// filterable by provider, status and path.
enum SandboxInspector {
    /// The page.
    static func page() -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store", .contentSecurityPolicy: "default-src 'self'; style-src 'unsafe-inline'; script-src 'unsafe-inline'"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
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
    header { padding: 12px 16px; background: #1d1d1f; color: #fff; display: flex; gap: 12px; align-items: center; flex-wrap: wrap; }
    header h1 { font-size: 16px; margin: 0 12px 0 0; }
    header input, header select { font: inherit; padding: 3px 6px; }
    table { border-collapse: collapse; width: 100%; }
    th, td { text-align: left; padding: 5px 10px; border-bottom: 1px solid #e5e5e5; font-family: ui-monospace, monospace; font-size: 13px; }
    th { background: #f5f5f7; position: sticky; top: 0; }
    .s2 { color: #1a7f37; } .s3 { color: #0969da; } .s4 { color: #9a6700; } .s5, .s0 { color: #cf222e; }
    #empty { padding: 16px; color: #6e6e73; }
    </style>
    </head>
    <body>
    <header>
    <h1>Sandbox inspector</h1>
    <label>provider <select id="provider"><option value="">all</option></select></label>
    <label>status <select id="status"><option value="">all</option><option>2xx</option><option>3xx</option><option>4xx</option><option>5xx</option><option value="0xx">dropped</option></select></label>
    <label>path <input id="path" placeholder="contains…" size="24"></label>
    <label><input id="live" type="checkbox" checked> live</label>
    <span id="count"></span>
    </header>
    <table>
    <thead><tr><th>#</th><th>time</th><th>provider</th><th>method</th><th>path</th><th>status</th><th>scenario</th><th>fault</th><th>ms</th></tr></thead>
    <tbody id="rows"></tbody>
    </table>
    <div id="empty">No exchange yet: send a request to /t/&lt;provider&gt;/….</div>
    <script>
    "use strict";
    const rows = document.getElementById("rows");
    const providers = new Set();
    let entries = [];
    function cell(row, text, cls) { const td = document.createElement("td"); td.textContent = text; if (cls) td.className = cls; row.appendChild(td); }
    function render() {
      const provider = document.getElementById("provider").value;
      const status = document.getElementById("status").value;
      const path = document.getElementById("path").value;
      const shown = entries.filter(e => (!provider || e.provider === provider)
        && (!status || String(e.status).charAt(0) === status.charAt(0) && (status !== "0xx" || e.status === 0))
        && (!path || e.path.includes(path))).reverse();
      rows.textContent = "";
      for (const e of shown) {
        const row = document.createElement("tr");
        row.dataset.sequence = e.sequence;
        cell(row, e.sequence); cell(row, e.time); cell(row, e.provider); cell(row, e.method);
        cell(row, e.path + (e.queryNames.length ? "?" + e.queryNames.join("&") : ""));
        cell(row, e.status === 0 ? "dropped" : e.status, "s" + String(e.status).charAt(0));
        cell(row, e.scenario || ""); cell(row, e.fault || ""); cell(row, e.milliseconds);
        rows.appendChild(row);
      }
      document.getElementById("empty").hidden = entries.length > 0;
      document.getElementById("count").textContent = shown.length + " of " + entries.length + " exchanges";
    }
    async function refresh() {
      try {
        const answer = await fetch("/__admin/requests", { cache: "no-store" });
        entries = (await answer.json()).requests;
        const select = document.getElementById("provider");
        for (const e of entries) if (!providers.has(e.provider)) { providers.add(e.provider); const o = document.createElement("option"); o.textContent = e.provider; select.appendChild(o); }
        render();
      } catch (error) { document.getElementById("count").textContent = "the sandbox does not answer"; }
    }
    for (const id of ["provider", "status", "path"]) document.getElementById(id).addEventListener("input", render);
    refresh();
    setInterval(() => { if (document.getElementById("live").checked) refresh(); }, 1000);
    </script>
    </body>
    </html>
    """
}
