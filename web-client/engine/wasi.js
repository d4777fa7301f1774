// The few WASI calls quadra.wasm imports (wasm/README.md), for Node and the browser alike:
// clock_time_get (the search's optional deadline), fd_write (a broken contract's message on
// stderr, before the module aborts), fd_close and fd_seek (linked in with stdio, never called
// with a file). The module opens no file and reads no argument or environment.

const SUCCESS = 0;
const BAD_FILE = 8; // EBADF
const NOT_SEEKABLE = 70; // ESPIPE
const REALTIME = 0;

// `memory()` gives the module's memory once it exists; it is asked at each call, since growing
// the memory replaces its buffer.
export function wasiImports(memory, { write = (fd, text) => console.error(text) } = {}) {
  const view = () => new DataView(memory().buffer);
  const pending = { 1: '', 2: '' };
  const decoder = new TextDecoder();
  return {
    wasi_snapshot_preview1: {
      clock_time_get(id, precision, at) {
        const milliseconds = id === REALTIME ? Date.now() : performance.now();
        view().setBigUint64(at, BigInt(Math.round(milliseconds * 1e6)), true);
        return SUCCESS;
      },
      fd_write(fd, iovs, count, written) {
        if (fd !== 1 && fd !== 2) return BAD_FILE;
        const memoryView = view();
        let total = 0;
        for (let i = 0; i < count; i++) {
          const base = memoryView.getUint32(iovs + 8 * i, true);
          const length = memoryView.getUint32(iovs + 8 * i + 4, true);
          pending[fd] += decoder.decode(new Uint8Array(memory().buffer, base, length));
          total += length;
        }
        const lines = pending[fd].split('\n');
        pending[fd] = lines.pop();
        for (const line of lines) write(fd, line);
        memoryView.setUint32(written, total, true);
        return SUCCESS;
      },
      fd_close: () => SUCCESS,
      fd_seek: () => NOT_SEEKABLE,
    },
  };
}
