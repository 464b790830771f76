// vitest globalSetup of the integration project: one throwaway PostgreSQL cluster for all its
// files (each takes a database of its own with testDatabase()), instead of an initdb per file.

import { readFile } from 'node:fs/promises';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { startPgCluster } from './pg-cluster.ts';

export default async function setup(project: TestProject) {
  const cluster = await startPgCluster();
  try {
    // Roles belong to the cluster, not to a database: made here once, before the files apply the
    // migrations to their databases side by side (two `create role anon` at once, one fails).
    const sql = postgres(cluster.url, { max: 1, onnotice: () => {} });
    try {
      await sql.unsafe(await readFile(new URL('../../supabase/local/bootstrap.sql', import.meta.url), 'utf8')).simple();
    } finally {
      await sql.end({ timeout: 5 });
    }
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  project.provide('pgUrl', cluster.url);
  return () => cluster.stop();
}
