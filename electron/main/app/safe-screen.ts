/**
 * The page shown instead of the wall after a crash loop at start-up: what failed and what to do,
 * with no script and nothing loaded from anywhere (a data: URL), so it shows even when the app's own
 * renderer is what is broken. Without the renderer there are no catalogs either, so it says it in
 * each language the app speaks, each part marked with its `lang` (the failure itself is the log's
 * words, shown as they are).
 */
export function safeScreenUrl(details: {
  starts: number;
  lastFailure?: string;
  logFile?: string;
  appName: string;
}): string {
  const esc = (text: string) =>
    text.replace(
      /[&<>"']/g,
      (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
    );
  const failure = details.lastFailure
    ? `<p>The last thing that failed:</p><pre>${esc(details.lastFailure)}</pre>`
    : '<p>It stopped before it could say why.</p>';
  const log = details.logFile ? `<p>The log file: <code>${esc(details.logFile)}</code></p>` : '';
  const chinese =
    `<section lang="zh-CN"><h1>${esc(details.appName)} 已停止自行重启</h1>` +
    `<p>它在启动后几分钟内连续失败了 ${details.starts} 次，因此不再尝试，以免无休止地重启。</p>` +
    (details.logFile ? `<p>日志文件：<code>${esc(details.logFile)}</code></p>` : '') +
    '<p>请排除原因（或把日志文件发给您的集成商），然后重新启动应用：它会再次正常尝试。</p></section>';
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(details.appName)}: stopped</title>
<style>body{margin:0;height:100vh;display:grid;place-items:center;background:#0b0f14;color:#e6edf3;font:16px/1.5 system-ui,sans-serif}
main{max-width:44rem;padding:2rem}h1{font-size:1.5rem;color:#f0b429}pre{white-space:pre-wrap;background:#161b22;padding:1rem;border-radius:6px}
code{background:#161b22;padding:0 .3rem;border-radius:4px}</style></head><body><main>
<h1>${esc(details.appName)} stopped restarting itself</h1>
<p>It failed ${details.starts} times in a row within a few minutes of starting, so it stopped trying, rather than restart without end.</p>
${failure}${log}
<p>Fix the cause (or send the log file to your integrator), then restart the app: it will try again normally.</p>
${chinese}</main></body></html>`;
  return `data:text/html;charset=utf-8,${encodeURIComponent(html)}`;
}
