import { describe, expect, it } from 'vitest';
import { TargetRules } from './target.js';

describe('webhook targets (issue 24: server-side request forgery)', () => {
  const none = new TargetRules([]);

  it('without an allowance: https to public names and addresses only', () => {
    expect(none.urlProblem('https://hooks.slack.com/services/T0/B0/x')).toBeNull();
    expect(none.urlProblem('https://93.184.216.34/hook')).toBeNull();
    for (const url of [
      'http://hooks.example.se/x',
      'https://localhost/x',
      'https://app.localhost/x',
      'https://127.0.0.1/x',
      'https://10.1.2.3/x',
      'https://100.64.0.1/x',
      'https://169.254.169.254/',
      'https://172.16.0.1/',
      'https://192.168.0.1/',
      'https://0.0.0.0/',
      'https://224.0.0.1/',
      'https://[::1]/',
      'https://[fd00::1]/',
      'https://[fe80::1]/',
      'https://[::ffff:127.0.0.1]/',
      'https://[::ffff:a00:1]/',
      'https://u:p@hooks.example.se/',
    ])
      expect({ url, refused: none.urlProblem(url) !== null }).toEqual({ url, refused: true });
  });

  it('an operator allowance lets the listed addresses and ranges in, over http too; nothing else', () => {
    const some = new TargetRules(['127.0.0.1', '10.20.0.0/16']);
    expect(some.urlProblem('http://127.0.0.1:8080/x')).toBeNull();
    expect(some.urlProblem('http://10.20.3.4/x')).toBeNull();
    expect(some.urlProblem('http://localhost/x')).toBeNull();
    expect(some.urlProblem('https://10.21.0.1/x')).not.toBeNull();
    expect(some.urlProblem('http://127.0.0.2/x')).not.toBeNull();
    expect(some.addressProblem('93.184.216.34', true)).toMatch(/https/);
    const all = new TargetRules(true);
    expect(all.urlProblem('http://192.168.1.10/x')).toBeNull();
    expect(() => new TargetRules(['not-an-address'])).toThrow(/WEBHOOK_ALLOW_PRIVATE/);
  });
});
