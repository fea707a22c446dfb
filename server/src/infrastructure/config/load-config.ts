import { AppConfig, ConfigError } from './app-config';

/** For process entry points: a bad configuration stops the process with one clear line. */
export function loadConfigOrExit(): AppConfig {
  try {
    return AppConfig.fromEnvironment();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
