// The client's words in Russian: the same keys as en.js.

export default {
  feedback: {
    exchange: {
      legendOne: 'Обменена 1 фишка ({cells}): фишку игрока {loser} заменила фишка игрока {mover}.',
      legendMany:
        'Обменено фишек: {n} ({cells}): фишки игрока {loser} заменили фишки игрока {mover}.',
    },
    lastTurn: {
      played: '{name}: на кубиках {dice} — ход «{play}»',
      passed: '{name}: на кубиках {dice} — хода нет, пас',
      prefix: 'Прошлый ход:',
    },
    loupe: {
      label: 'Увеличенная часть поля вокруг {cell}',
      pick: 'Коснитесь отмеченной позиции, чтобы увидеть, как туда встанет фишка.',
      none: 'Здесь нет доступных позиций: нажмите «Отмена» и выберите другую часть поля.',
      confirm: 'Поставить на {cell}',
      cancel: 'Отмена',
    },
  },
};
