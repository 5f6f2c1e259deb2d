// The part of Discord's markdown the bot uses, drawn safely: everything is escaped first, then
// a few patterns become tags. Shared by the local channel and the spectator page.
"use strict";

function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({
    "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;",
  }[c]));
}

// names: user id -> display name; me: the viewing seat's id (its mentions are highlighted)
function markdown(text, names, me) {
  names = names || {};
  const blocks = [];
  let src = String(text || "").replace(/```(?:[a-z]*\n)?([\s\S]*?)```/g, (_, code) => {
    blocks.push(`<pre><code>${escapeHtml(code)}</code></pre>`);
    return `\u0000${blocks.length - 1}\u0000`;
  });
  src = escapeHtml(src);
  const lines = src.split("\n").map((line) => {
    let m;
    if ((m = line.match(/^-# (.*)$/))) return `<small class="subtext">${inline(m[1])}</small>`;
    if ((m = line.match(/^(#{1,3}) (.*)$/))) return `<div class="h${m[1].length}">${inline(m[2])}</div>`;
    if ((m = line.match(/^&gt; ?(.*)$/))) return `<blockquote>${inline(m[1])}</blockquote>`;
    if ((m = line.match(/^\s*[-*] (.*)$/))) return `<div class="li">• ${inline(m[1])}</div>`;
    return inline(line) + "<br>";
  });
  let html = lines.join("").replace(/<br>$/, "");
  html = html.replace(/\u0000(\d+)\u0000/g, (_, i) => blocks[Number(i)]);
  return html;

  function inline(s) {
    const codes = [];
    s = s.replace(/`([^`]+)`/g, (_, c) => { codes.push(`<code>${c}</code>`); return `\u0001${codes.length - 1}\u0001`; });
    s = s.replace(/\*\*(.+?)\*\*/g, "<strong>$1</strong>")
      .replace(/__(.+?)__/g, "<u>$1</u>")
      .replace(/(^|[^*])\*([^*\s][^*]*?)\*/g, "$1<em>$2</em>")
      .replace(/(^|\W)_([^_\s][^_]*?)_(?=\W|$)/g, "$1<em>$2</em>")
      .replace(/~~(.+?)~~/g, "<s>$1</s>")
      .replace(/\|\|(.+?)\|\|/g, '<span class="spoiler">$1</span>')
      .replace(/\[([^\]]+)\]\((https?:\/\/[^)\s]+)\)/g, '<a href="$2" target="_blank" rel="noopener">$1</a>')
      .replace(/(^|[\s(])(https?:\/\/[^\s<)]+)/g, '$1<a href="$2" target="_blank" rel="noopener">$2</a>')
      .replace(/&lt;@!?(\d+)&gt;/g, (_, id) => {
        const cls = id === me ? "mention me" : "mention";
        return `<span class="${cls}" data-user="${id}">@${escapeHtml(names[id] || "unknown-user")}</span>`;
      })
      .replace(/&lt;#(\d+)&gt;/g, '<span class="mention">#channel</span>')
      .replace(/&lt;t:(\d+)(?::([tTdDfFR]))?&gt;/g, (_, t) => `<span class="time">${new Date(Number(t) * 1000).toLocaleString()}</span>`)
      .replace(/&lt;a?:(\w+):\d+&gt;/g, ":$1:");
    return s.replace(/\u0001(\d+)\u0001/g, (_, i) => codes[Number(i)]);
  }
}
