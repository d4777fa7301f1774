// Every error code the server can send (protocol/messages.cpp, code_name) has the client's words
// in English and in Russian, so a code added to the server without words fails here.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import en from '../../../web-client/i18n/en.js';
import ru from '../../../web-client/i18n/ru.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

// The wire names in code_name's switch.
function serverCodes() {
  const source = readFileSync(path.join(root, 'protocol/messages.cpp'), 'utf8');
  const start = source.indexOf('std::string_view code_name(');
  const body = source.slice(start, source.indexOf('\n}\n', start));
  return [...body.matchAll(/return "(\w+)";/g)].map((match) => match[1]);
}

test('the server names its error codes (the list is read, not empty)', () => {
  const codes = serverCodes();
  assert.ok(codes.length >= 30, `only ${codes.length} codes read`);
  assert.ok(codes.includes('illegal_move') && codes.includes('store_failed'));
});

test('every error code has words in English and in Russian', () => {
  for (const code of serverCodes()) {
    for (const [name, catalogue] of [
      ['en', en],
      ['ru', ru],
    ]) {
      // Text, or a plural's forms (too_many_attempts counts minutes).
      const words = catalogue.errors[code];
      const forms = typeof words === 'object' && words ? Object.values(words) : [words];
      assert.ok(
        forms.every((form) => typeof form === 'string' && form.trim()),
        `${name} lacks errors.${code}`,
      );
    }
  }
});
