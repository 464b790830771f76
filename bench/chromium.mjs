// The browser of the browser benches: Debian's Chromium, or CHROMIUM_PATH. Checked before a bench
// launches it: a launcher handed a missing binary fails in ways that skip the bench's clean-up
// (chrome-launcher's spawn error is thrown outside the promise it returned; Playwright leaves its
// profile and artifact folders in the temporary directory), so none is handed one.
import { accessSync, constants } from 'node:fs';

export function chromiumPath() {
  const file = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  try {
    accessSync(file, constants.X_OK);
  } catch {
    throw new Error(`no Chromium to run at ${file}: install Debian's chromium (apt-get install -y chromium), or set CHROMIUM_PATH`);
  }
  return file;
}
