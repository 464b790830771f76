import { vi } from 'vitest';
import { run } from '#cli/index.ts';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Run `site <args>` in-process through commander's parseAsync, capturing stdout and stderr. */
export async function site(...args: string[]): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stdout += String(chunk);
    return true;
  });
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stderr += String(chunk);
    return true;
  });
  try {
    const code = await run(['node', 'site', ...args]);
    return { code, stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}
