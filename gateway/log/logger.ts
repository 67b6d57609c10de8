/** Log levels, least to most severe, plus `silent` to turn logging off. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

/** Fields of one structured log line; never put bodies, cookies or authorization values here. */
export type LogFields = Record<string, string | number | boolean | null | undefined>;

/** A JSON-lines logger with a level filter. */
export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/** True when `value` names a log level. */
export function isLogLevel(value: string): value is LogLevel {
  return Object.hasOwn(RANK, value);
}

/** Errors go to stderr, the rest to stdout: a runner that keeps only stderr (the e2e web server) still shows every 500. */
const writeStd = (line: string, entryLevel: Exclude<LogLevel, 'silent'>) =>
  (entryLevel === 'error' ? process.stderr : process.stdout).write(line);

/** Creates a logger writing one JSON object per line (default: errors to stderr, the rest to stdout) for entries at or above `level`. */
export function createLogger(
  level: LogLevel,
  write: (line: string, entryLevel: Exclude<LogLevel, 'silent'>) => void = writeStd,
): Logger {
  const log = (entryLevel: Exclude<LogLevel, 'silent'>, msg: string, fields: LogFields = {}) => {
    if (RANK[entryLevel] < RANK[level]) return;
    write(`${JSON.stringify({ ts: new Date().toISOString(), level: entryLevel, msg, ...fields })}\n`, entryLevel);
  };
  return {
    debug: (msg, fields) => log('debug', msg, fields),
    info: (msg, fields) => log('info', msg, fields),
    warn: (msg, fields) => log('warn', msg, fields),
    error: (msg, fields) => log('error', msg, fields),
  };
}
