import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';

const problemsOf = (env: NodeJS.ProcessEnv): string[] => {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
};

describe('the settings of logs, metrics and shutdown', () => {
  it('by default logs answers slower than a second, serves /metrics to loopback only, drains for 0 ms', () => {
    const config = loadConfig({});
    expect(config.logSlowMs).toBe(1_000);
    expect(config.metrics).toEqual({ allow: ['loopback'], token: undefined });
    expect(config.shutdownDrainMs).toBe(0);
  });

  it('reads METRICS_ALLOW as addresses, CIDRs and named ranges, or none', () => {
    expect(
      loadConfig({ METRICS_ALLOW: 'loopback, 10.0.0.0/8 ,2001:db8::1' }).metrics.allow,
    ).toEqual(['loopback', '10.0.0.0/8', '2001:db8::1']);
    expect(loadConfig({ METRICS_ALLOW: 'none' }).metrics.allow).toEqual([]);
    const problems = problemsOf({ METRICS_ALLOW: 'loopback,prometheus.local,10.0.0.0/40' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^METRICS_ALLOW: .*\(not: prometheus\.local, 10\.0\.0\.0\/40\)/);
  });

  it('wants a long METRICS_TOKEN, and whole milliseconds for LOG_SLOW_MS and SHUTDOWN_DRAIN_MS', () => {
    const token = 'x'.repeat(32);
    const config = loadConfig({
      METRICS_TOKEN: token,
      LOG_SLOW_MS: '250',
      SHUTDOWN_DRAIN_MS: '5000',
    });
    expect(config.metrics.token).toBe(token);
    expect(config.logSlowMs).toBe(250);
    expect(config.shutdownDrainMs).toBe(5_000);
    const problems = problemsOf({
      METRICS_TOKEN: 'short',
      LOG_SLOW_MS: '0',
      SHUTDOWN_DRAIN_MS: 'soon',
    }).join('\n');
    expect(problems).toMatch(/METRICS_TOKEN: must be at least 32 characters/);
    expect(problems).toMatch(/LOG_SLOW_MS/);
    expect(problems).toMatch(/SHUTDOWN_DRAIN_MS/);
  });
});
