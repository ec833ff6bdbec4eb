// Starts one child process, restarts it if it crashes (with backoff), and stops it on request.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { DEFAULT_LOG_FILE_MAX_MB, LogFile, pipeLogs } from './log-printer.mjs';

const MAX_RESTARTS_PER_MINUTE = 5;

export class Supervised {
  constructor({ name, command, args, env, cwd, logDir, logMaxBytes, quiet, onReady }) {
    Object.assign(this, { name, command, args, env, cwd, logDir, quiet, onReady });
    this.logMaxBytes = logMaxBytes ?? DEFAULT_LOG_FILE_MAX_MB * 1024 * 1024;
    this.stopping = false;
    this.restarts = [];
  }

  start() {
    this.child = spawn(this.command, this.args, {
      cwd: this.cwd,
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    // One file for both streams and every restart (rotated as one); the launcher's exit closes it,
    // after the last lines of a child that exits with it.
    this.logFile ??= new LogFile(join(this.logDir, `${this.name}.log`), this.logMaxBytes);
    pipeLogs(this.name, this.child.stdout, this.logFile, this.quiet);
    pipeLogs(this.name, this.child.stderr, this.logFile, false);
    this.child.on('message', (message) => {
      if (message?.type === 'ready') this.onReady?.(message);
    });
    this.exited = new Promise((resolve) => this.child.once('exit', (code, signal) => resolve({ code, signal })));
    this.exited.then(({ code, signal }) => this.onExit(code, signal));
  }

  onExit(code, signal) {
    if (this.stopping) return;
    const now = Date.now();
    this.restarts = this.restarts.filter((t) => now - t < 60_000);
    if (this.restarts.length >= MAX_RESTARTS_PER_MINUTE) {
      process.stdout.write(
        `${this.name.padEnd(13)}| exited (code ${code}, signal ${signal}); too many restarts, giving up\n`,
      );
      this.failed = true;
      return;
    }
    this.restarts.push(now);
    const delay = 250 * 2 ** (this.restarts.length - 1);
    process.stdout.write(
      `${this.name.padEnd(13)}| exited (code ${code}, signal ${signal}); restarting in ${delay} ms\n`,
    );
    setTimeout(() => !this.stopping && this.start(), delay);
  }

  /** SIGTERM, then SIGKILL if it has not exited within `graceMs`. */
  async stop(graceMs) {
    this.stopping = true;
    if (!this.child) return;
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    await this.exited;
    clearTimeout(timer);
  }
}
