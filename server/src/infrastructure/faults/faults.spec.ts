import { AppConfig } from '../config/app-config';
import { Faults, parseFaults, seededRandom } from './faults';

const configOf = (env: Record<string, string>) =>
  AppConfig.fromEnvironment({ DATABASE_URL: 'postgres://x@localhost/x', REDIS_URL: 'redis://localhost', ...env });

describe('fault injection', () => {
  it('reads point:probability pairs and refuses unknown points or probabilities outside 0..1', () => {
    expect([...parseFaults('after-commit-before-answer:0.05, mid-projection:1')]).toEqual([
      ['after-commit-before-answer', 0.05],
      ['mid-projection', 1],
    ]);
    expect(() => parseFaults('somewhere:0.1')).toThrow(/not point:probability/);
    expect(() => parseFaults('mid-projection:2')).toThrow(/not point:probability/);
  });

  it('replays the same decisions from the same seed', () => {
    const first = seededRandom(42);
    const second = seededRandom(42);
    expect(Array.from({ length: 5 }, first)).toEqual(Array.from({ length: 5 }, second));
  });

  it('does nothing outside test mode, whatever RENTWISE_FAULTS says', () => {
    const kill = jest.spyOn(process, 'kill').mockImplementation(() => true);
    new Faults(configOf({ NODE_ENV: 'development', RENTWISE_FAULTS: 'mid-projection:1' })).crashPoint('mid-projection');
    expect(kill).not.toHaveBeenCalled();
    kill.mockRestore();
  });

  it('kills its own process with SIGKILL at a point set to probability 1 in test mode', () => {
    const kill = jest.spyOn(process, 'kill').mockImplementation(() => true);
    const write = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    new Faults(configOf({ NODE_ENV: 'test', RENTWISE_FAULTS: 'mid-projection:1' })).crashPoint('mid-projection');
    expect(kill).toHaveBeenCalledWith(process.pid, 'SIGKILL');
    kill.mockRestore();
    write.mockRestore();
  });

  it('is refused in production', () => {
    expect(() => configOf({ NODE_ENV: 'production', RENTWISE_FAULTS: 'mid-projection:1' })).toThrow(/RENTWISE_FAULTS/);
  });
});
