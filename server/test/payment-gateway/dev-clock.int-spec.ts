import type { DynamicModule } from '@nestjs/common';
import { AppModule } from '../../src/app.module';
import { Clock, FixedClock, MovableClock, SystemClock } from '../../src/infrastructure/clock/clock';
import { AppConfig } from '../../src/infrastructure/config/app-config';
import { startTestApp, TestApp } from '../support/test-app';
import { productionEnvironment } from '../support/production-env';

/** POST /dev/clock (decision 0040): browser tests move the server's clock; production has no such thing. */
describe('the dev clock', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(() => testApp.close());

  const move = (payload: object, app: TestApp = testApp) => app.request({ method: 'POST', url: '/dev/clock', payload });

  it('moves the clock forward, runs the charge and late fee job, and goes back to the system’s time', async () => {
    expect(testApp.clock).toBeInstanceOf(MovableClock);
    const to = new Date(Date.now() + 40 * 86_400_000);
    const moved = await move({ to: to.toISOString() });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ status: 'success', ran: { charges: expect.any(Number), lateFees: expect.any(Number) } });
    expect(Math.abs(testApp.clock.now().getTime() - to.getTime())).toBeLessThan(5_000);

    expect((await move({ to: new Date().toISOString() })).statusCode).toBe(400); // never backwards
    expect((await move({ to: 'tomorrow' })).statusCode).toBe(400);

    expect((await move({ reset: true })).statusCode).toBe(200);
    expect(Math.abs(testApp.clock.now().getTime() - Date.now())).toBeLessThan(5_000);
  });

  it('answers 404 when the clock is not the movable one', async () => {
    const fixed = await startTestApp({}, { clock: new FixedClock(new Date('2025-01-01T00:00:00Z')) });
    try {
      expect((await move({ to: '2025-02-01T00:00:00Z' }, fixed)).statusCode).toBe(404);
    } finally {
      await fixed.close();
    }
  });

  it('is a plain system clock in production', () => {
    const production = AppConfig.fromEnvironment(productionEnvironment());
    const clockOf = (module: DynamicModule): Clock => {
      const clocks = (module.imports as DynamicModule[])
        .flatMap((imported) => (imported?.providers ?? []) as { provide?: unknown; useValue?: Clock }[])
        .filter((provider) => provider.provide === Clock);
      expect(clocks).toHaveLength(1);
      return clocks[0].useValue as Clock;
    };
    const productionClock = clockOf(AppModule.register(production, 'api'));
    expect(productionClock).toBeInstanceOf(SystemClock);
    expect(productionClock).not.toBeInstanceOf(MovableClock);
  });
});
