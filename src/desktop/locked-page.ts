/**
 * The page a client gets when it asks for the bridge's page without the address the bridge gave out (or with one
 * already used): it carries no token and says, in English and Simplified Chinese, how to get in. It is served by the
 * bridge before any of the UI loads, so its two languages are written here rather than in the UI's catalogue.
 */
export const LOCKED_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Keytune</title>
    <style>
      body { font: 16px/1.5 system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; padding: 0 1.5rem; color: #1d2330; }
      h1 { font-size: 1.4rem; }
      section + section { margin-top: 2.5rem; border-top: 1px solid #d7dbe3; padding-top: 1.5rem; }
      code { background: #eef1f6; padding: 0.1rem 0.3rem; border-radius: 4px; white-space: nowrap; }
    </style>
  </head>
  <body>
    <section lang="en">
      <h1>Open Keytune from the address it printed</h1>
      <p>
        Keytune opens only in the window it opened itself, or in a browser from the address that
        <code>npm run desktop</code> printed. Each such address works once.
      </p>
      <p>Run <code>npm run desktop</code> again to get a new window, or <code>npm run desktop -- --no-window</code> for a new address.</p>
    </section>
    <section lang="zh-CN">
      <h1>请打开 Keytune 打印的地址</h1>
      <p>Keytune 只在它自己打开的窗口中运行，或在浏览器中打开 <code>npm run desktop</code> 打印的地址。每个地址只能使用一次。</p>
      <p>再次运行 <code>npm run desktop</code> 可打开新窗口，运行 <code>npm run desktop -- --no-window</code> 可得到新地址。</p>
    </section>
  </body>
</html>
`;
