// The moderation page's address blocks (#31): a table of the blocked ranges (what each refuses,
// until when or for good) with an Unblock button that asks for a reason, and a form to block an
// IP address or a CIDR range for new guests, new accounts or both, for some minutes or for good.
// Whether an address is well formed is the server's to say (`bad_field`): the page words it.

import { el } from '../common/dom.js';
import { keepFocus } from '../common/keep_focus.js';
import { errorInWords, momentInWords } from '../common/server_words.js';
import { t } from '../i18n/index.js';
import { field, reasonInput, reasonProblem } from './mod_form.js';
import { createReasonForm } from './mod_reason_form.js';

const REFUSALS = ['guests', 'accounts', 'both'];
const MAX_MINUTES = 5270400; // ten years, as for a mute

// What a block refuses, in words.
export function refusesInWords(refuses) {
  return t(`moderation.refuseChoices.${refuses}`);
}

// A block's end: until a moment, or for good.
function lengthInWords(block) {
  if (block.for_good || !block.until) return t('moderation.forGood');
  return t('moderation.until', { time: momentInWords(block.until) });
}

// A refusal in words, `address` the range the moderator typed.
function refusalInWords(error, address) {
  if (error.code === 'bad_field') return t('moderation.badAddress');
  if (error.code === 'no_change') return t('moderation.notBlocked', { address });
  if (error.code === 'not_allowed') return t('moderation.onlyModerators');
  return errorInWords(error);
}

function blockRow(block, unblock) {
  return el(
    'tr',
    { 'data-address': block.address },
    el('th', { scope: 'row', class: 'mod-range' }, block.address),
    el('td', { class: 'mod-refuses' }, refusesInWords(block.refuses)),
    el('td', { class: 'mod-until' }, lengthInWords(block)),
    el(
      'td',
      {},
      el(
        'button',
        {
          type: 'button',
          class: 'button button--small mod-unblock',
          'aria-label': t('moderation.unblockLabel', { address: block.address }),
          onclick: (event) => unblock(block.address, event.currentTarget),
        },
        t('moderation.unblock'),
      ),
    ),
  );
}

function blocksTable(blocks, unblock) {
  if (!blocks.length) return el('p', { class: 'hint' }, t('moderation.noBlocks'));
  const head = ['range', 'refuses', 'length'].map((key) =>
    el('th', { scope: 'col' }, t(`moderation.${key}`)),
  );
  return el(
    'div',
    { class: 'mod-scroll', tabindex: '0', role: 'region', 'aria-labelledby': 'mod-blocks-title' },
    el(
      'table',
      { class: 'mod-table', id: 'mod-blocks-table' },
      el('thead', {}, el('tr', {}, head, el('td', {}))),
      el(
        'tbody',
        {},
        blocks.map((block) => blockRow(block, unblock)),
      ),
    ),
  );
}

function blockControls() {
  return {
    address: el('input', {
      id: 'block-address',
      name: 'address',
      autocomplete: 'off',
      spellcheck: 'false',
      maxlength: '64',
      required: true,
    }),
    refuse: el(
      'select',
      { id: 'block-refuse', name: 'refuse' },
      REFUSALS.map((value) => el('option', { value }, t(`moderation.refuseChoices.${value}`))),
    ),
    minutes: el('input', {
      id: 'block-minutes',
      name: 'minutes',
      type: 'number',
      inputmode: 'numeric',
      min: '1',
      max: String(MAX_MINUTES),
      step: '1',
    }),
    reason: reasonInput('block-reason'),
  };
}

// The request the block form's values make, or { problem, field }.
function blockRequest({ address, refuse, minutes, reason }) {
  const request = {
    type: 'block_address',
    address: address.value.trim(),
    refuse: refuse.value,
    reason: reason.value.trim(),
  };
  if (!request.address) return { problem: t('moderation.needAddress'), field: address };
  const wrongReason = reasonProblem(request.reason);
  if (wrongReason) return { problem: wrongReason, field: reason };
  if (minutes.value.trim() !== '') {
    const count = Number(minutes.value);
    if (!Number.isInteger(count) || count < 1 || count > MAX_MINUTES) {
      return { problem: t('moderation.badMinutes'), field: minutes };
    }
    request.minutes = count;
  }
  return { request };
}

function blockForm(parts, error, status) {
  return el(
    'form',
    {
      class: 'mod-form card',
      id: 'block-form',
      'aria-labelledby': 'block-form-title',
      novalidate: true,
    },
    el('h3', { id: 'block-form-title' }, t('moderation.blockTitle')),
    el('p', { class: 'hint' }, t('moderation.blockIntro')),
    el(
      'div',
      { class: 'mod-fields' },
      field('block-address', 'moderation.address', parts.address, 'moderation.addressHint'),
      field('block-refuse', 'moderation.refuse', parts.refuse),
      field('block-minutes', 'moderation.minutes', parts.minutes, 'moderation.blockMinutesHint'),
    ),
    field('block-reason', 'moderation.reason', parts.reason, 'moderation.reasonHint'),
    el(
      'button',
      { type: 'submit', id: 'block-submit', class: 'button button--primary' },
      t('moderation.block'),
    ),
    error,
    status,
  );
}

// `send(request)`: a promise of the server's answer; `done()` after each change (the page asks
// for the view again).
export function createBlocksSection({ send, done }) {
  const body = el('div', { class: 'mod-blocks-body' });
  const unblockHost = el('div', { class: 'mod-unblock-form' });
  const parts = blockControls();
  const error = el('p', { class: 'mod-error', id: 'block-error', role: 'alert' });
  const status = el('p', { class: 'mod-status', id: 'block-status', role: 'status' });
  const form = blockForm(parts, error, status);
  const section = el(
    'section',
    { class: 'mod-section', id: 'mod-blocks', 'aria-labelledby': 'mod-blocks-title' },
    el('h2', { id: 'mod-blocks-title', tabindex: '-1' }, t('moderation.blocksTitle')),
    body,
    unblockHost,
    form,
  );
  let unblocking = null; // the range whose unblock form is open

  function closeUnblock(opener = null) {
    unblocking = null;
    unblockHost.replaceChildren();
    if (opener && opener.isConnected) opener.focus();
  }

  function unblock(address, opener) {
    error.textContent = '';
    status.textContent = '';
    const reasonForm = createReasonForm({
      prefix: 'unblock',
      title: t('moderation.unblockTitle', { address }),
      intro: null,
      submitWords: t('moderation.unblockSubmit'),
      onSubmit: async (reason) => {
        try {
          const answer = await send({ type: 'unblock_address', address, reason });
          status.textContent = t('moderation.unblocked', { address: answer.name });
        } catch (failure) {
          return refusalInWords(failure, address);
        }
        closeUnblock();
        section.querySelector('h2').focus();
        done();
        return null;
      },
      onCancel: () => closeUnblock(opener),
    });
    unblocking = address;
    unblockHost.replaceChildren(reasonForm.form);
    reasonForm.focus();
  }

  let sending = false;
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (sending) return;
    error.textContent = '';
    status.textContent = '';
    const { request, problem, field: wrong } = blockRequest(parts);
    if (problem) {
      error.textContent = problem;
      wrong.focus();
      return;
    }
    sending = true;
    try {
      const answer = await send(request);
      status.textContent = t('moderation.blocked', { address: answer.name });
      for (const input of [parts.address, parts.minutes, parts.reason]) input.value = '';
      done();
    } catch (failure) {
      error.textContent = refusalInWords(failure, request.address);
      if (failure.code === 'bad_field') parts.address.focus();
    } finally {
      sending = false;
    }
  });

  return {
    section,
    // The blocks as the server sent them; an unblock form whose range is no longer blocked closes.
    update(blocks) {
      keepFocus(body, () => body.replaceChildren(blocksTable(blocks, unblock)));
      if (unblocking && !blocks.some((block) => block.address === unblocking)) closeUnblock();
    },
  };
}
