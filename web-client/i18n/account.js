// The account area's words (common/account.js and the modules of its forms): the `account`
// section of each language's catalogue, kept in a module of its own so that en.js and ru.js
// stay readable. en.js and ru.js mount it (`account: ACCOUNT_TEXTS.en`), so it is read with
// t('account.…') and checked by tests/web-client/i18n/catalogue.test.js like any section.

export const ACCOUNT_TEXTS = {
  en: {
    title: 'Account',
    userName: 'User name',
    password: 'Password',
    cancel: 'Cancel',
    signUp: 'Sign up',
    signIn: 'Sign in',
    createAccount: 'Create account',
    signedInAs: 'Signed in as ',
    signOut: 'Sign out',
    signOutEverywhere: 'Sign out everywhere',
    // The signed-in account's change-password form (common/account.js, change_password.js).
    changePassword: 'Change password',
    currentPassword: 'Current password',
    newPassword: 'New password',
    repeatPassword: 'Repeat new password',
    endOtherSessions: 'Sign out my other devices',
    savePassword: 'Save new password',
    passwordsDiffer: 'The two new passwords differ: type the same one twice.',
    currentPasswordWrong: 'The current password is wrong.',
    accountBusy: 'Another account request is still running; please try again in a moment.',
    passwordChanged: 'Your password was changed.',
    passwordChangedOthersOut: 'Your password was changed, and your other devices were signed out.',
    // The header's link to the moderation page, for an account with a role (#31).
    moderation: 'Moderation',
    // The account's own controls (common/account_controls.js, account_words.js).
    changeNameCase: 'Change name case',
    nameCaseTitle: 'Change the case of your user name',
    newSpelling: 'User name spelled',
    nameCaseHint: 'Only capital and small letters can change; the name itself stays.',
    saveSpelling: 'Save spelling',
    renameBadName:
      'Only the case of the letters can change: type your user name, {name}, with other capitals or small letters.',
    renameNoChange: 'Your user name is spelled that way already.',
    renamed: 'Your user name is now spelled {name}.',
    downloadData: 'Download my data',
    dataSaved: 'Your data was saved as {file}.',
    deleteAccount: 'Delete account',
    deleteTitle: 'Delete your account',
    deleteExplained:
      'Deleting your account signs it out on every device. Your games and ratings stay, shown under the name “Deleted player”. Your user name stays reserved for 30 days; then anyone may take it. This cannot be undone.',
    deletePassword: 'Your password',
    confirmDelete: 'Delete my account for good',
    deletePasswordWrong: 'The password is wrong; your account was not deleted.',
    tooManyPasswords: {
      one: 'Too many wrong passwords; your account was not deleted. Try again in {n} minute.',
      other: 'Too many wrong passwords; your account was not deleted. Try again in {n} minutes.',
    },
    deletedNotice:
      'Your account was deleted and signed out on every device. You are a guest now; your games stay under the name “Deleted player”.',
  },
  ru: {
    title: 'Аккаунт',
    userName: 'Имя пользователя',
    password: 'Пароль',
    cancel: 'Отмена',
    signUp: 'Регистрация',
    signIn: 'Войти',
    createAccount: 'Создать аккаунт',
    signedInAs: 'Вы вошли как ',
    signOut: 'Выйти',
    signOutEverywhere: 'Выйти на всех устройствах',
    changePassword: 'Сменить пароль',
    currentPassword: 'Текущий пароль',
    newPassword: 'Новый пароль',
    repeatPassword: 'Повторите новый пароль',
    endOtherSessions: 'Выйти на других моих устройствах',
    savePassword: 'Сохранить новый пароль',
    passwordsDiffer: 'Новые пароли не совпадают: введите один и тот же дважды.',
    currentPasswordWrong: 'Текущий пароль неверен.',
    accountBusy: 'Ещё выполняется другой запрос аккаунта; попробуйте чуть позже.',
    passwordChanged: 'Пароль изменён.',
    passwordChangedOthersOut: 'Пароль изменён, на других ваших устройствах выполнен выход.',
    moderation: 'Модерация',
    changeNameCase: 'Изменить регистр имени',
    nameCaseTitle: 'Изменить регистр букв в имени пользователя',
    newSpelling: 'Имя пользователя пишется так',
    nameCaseHint: 'Меняются только заглавные и строчные буквы; само имя остаётся прежним.',
    saveSpelling: 'Сохранить написание',
    renameBadName:
      'Можно изменить только регистр букв: введите своё имя пользователя, {name}, с другими заглавными или строчными буквами.',
    renameNoChange: 'Имя пользователя уже так и написано.',
    renamed: 'Теперь ваше имя пользователя пишется так: {name}.',
    downloadData: 'Скачать мои данные',
    dataSaved: 'Ваши данные сохранены в файл {file}.',
    deleteAccount: 'Удалить аккаунт',
    deleteTitle: 'Удаление аккаунта',
    deleteExplained:
      'После удаления аккаунта выполняется выход на всех устройствах. Ваши партии и рейтинги сохранятся под именем «Удалённый игрок». Имя пользователя 30 дней никто не сможет занять, потом его сможет взять любой. Отменить удаление нельзя.',
    deletePassword: 'Ваш пароль',
    confirmDelete: 'Удалить аккаунт навсегда',
    deletePasswordWrong: 'Неверный пароль; аккаунт не удалён.',
    tooManyPasswords: {
      one: 'Слишком много неверных паролей; аккаунт не удалён. Попробуйте снова через {n} минуту.',
      few: 'Слишком много неверных паролей; аккаунт не удалён. Попробуйте снова через {n} минуты.',
      many: 'Слишком много неверных паролей; аккаунт не удалён. Попробуйте снова через {n} минут.',
      other:
        'Слишком много неверных паролей; аккаунт не удалён. Попробуйте снова через {n} минуты.',
    },
    deletedNotice:
      'Ваш аккаунт удалён, на всех устройствах выполнен выход. Теперь вы гость; ваши партии сохранены под именем «Удалённый игрок».',
  },
};
