import type { Texts } from './messages.js';

/** The mails the cabinet sends, in both languages; {name} placeholders are filled by fillTemplate (messages.ts). */

/** The password-reset mail (spec /forgot); {link} is the page with the single-use token. */
export const RESET_MAIL = {
  subject: { ru: 'Восстановление пароля', en: 'Password recovery' },
  text: {
    ru: 'Чтобы задать новый пароль, откройте ссылку:\n\n{link}\n\nСсылка действует 1 час и только один раз. Если вы не запрашивали восстановление пароля, просто проигнорируйте это письмо.',
    en: 'To set a new password, open this link:\n\n{link}\n\nThe link works once, within 1 hour. If you did not ask to recover your password, just ignore this message.',
  },
} satisfies Record<string, Texts>;

/** The mail a new company's first administrator gets; {password} is generated, shown nowhere else. */
export const COMPANY_ADMIN_MAIL = {
  subject: { ru: 'Доступ в кабинет компании «{company}»', en: 'Access to the cabinet of “{company}”' },
  text: {
    ru: 'Для вашей компании «{company}» создан кабинет.\n\nАдрес входа: {link}\nE-mail: {email}\nПароль: {password}\n\nСмените пароль в разделе «Мой профиль» после первого входа.',
    en: 'A cabinet was created for your company “{company}”.\n\nSign in at: {link}\nE-mail: {email}\nPassword: {password}\n\nPlease change the password under “My profile” after the first sign-in.',
  },
} satisfies Record<string, Texts>;

/** Sent when a company finishes the registration wizard. */
export const REGISTRATION_MAIL = {
  subject: { ru: 'Регистрация компании завершена', en: 'Company registration complete' },
  text: {
    ru: 'Здравствуйте, {name}!\n\nКомпания «{company}» зарегистрирована в кабинете SIM-карт. Войдите по ссылке:\n\n{link}\n\nЛогин: {email}',
    en: 'Hello {name},\n\nThe company "{company}" is registered in the SIM cabinet. Sign in here:\n\n{link}\n\nLogin: {email}',
  },
} satisfies Record<string, Texts>;

/** Welcome step, a new address: the link that opens the registration. */
export const REGISTRATION_LINK_MAIL = {
  subject: { ru: 'Продолжите регистрацию в кабинете SIM-карт', en: 'Continue your registration in the SIM cabinet' },
  text: {
    ru: 'Чтобы продолжить регистрацию компании, откройте ссылку:\n\n{link}\n\nСсылка действует 24 часа и только один раз. Если вы не регистрировались, просто проигнорируйте это письмо.',
    en: 'To continue registering your company, open this link:\n\n{link}\n\nThe link works once, within 24 hours. If you did not register, just ignore this message.',
  },
} satisfies Record<string, Texts>;

/** Welcome step, an address already registered: its owner is told, the one who typed it is not. */
export const REGISTRATION_EXISTS_MAIL = {
  subject: { ru: 'Попытка регистрации с вашим адресом', en: 'Someone tried to register with your address' },
  text: {
    ru: 'Кто-то пытался зарегистрироваться в кабинете SIM-карт с вашим адресом e-mail. Если это были вы, войдите:\n\n{login}\n\nили восстановите пароль:\n\n{forgot}\n\nЕсли это были не вы, просто проигнорируйте это письмо.',
    en: 'Someone tried to register in the SIM cabinet with your e-mail address. If it was you, sign in:\n\n{login}\n\nor reset your password:\n\n{forgot}\n\nIf it was not you, just ignore this message.',
  },
} satisfies Record<string, Texts>;

/** The mail with a password generated for a user (new user, or "e-mail a new password"). */
export const NEW_PASSWORD_MAIL = {
  subject: { ru: 'Ваш пароль для входа в кабинет', en: 'Your password for the cabinet' },
  text: {
    ru: 'Здравствуйте, {name}!\n\nДля вас задан пароль для входа в кабинет.\nE-mail: {email}\nПароль: {password}\nВход: {link}\n\nСмените его в профиле после входа.',
    en: 'Hello {name},\n\nA password was set for you to sign in to the cabinet.\nE-mail: {email}\nPassword: {password}\nSign in: {link}\n\nPlease change it in your profile after signing in.',
  },
} satisfies Record<string, Texts>;

/** Told to the user when a passkey is added to their account: one that signs in alone must not go unseen. */
export const PASSKEY_ADDED_MAIL = {
  subject: { ru: 'Добавлен ключ входа', en: 'A passkey was added to your account' },
  text: {
    ru: 'К вашей учётной записи в кабинете SIM добавлен ключ входа «{name}» ({time} UTC, адрес {ip}). С ним можно входить без пароля.\n\nЕсли это были не вы, войдите в кабинет, удалите ключ в разделе «Мой профиль» и смените пароль.',
    en: 'The passkey “{name}” was added to your account in the SIM cabinet ({time} UTC, from {ip}). It signs in without a password.\n\nIf it was not you, sign in, remove it on your profile and change your password.',
  },
} satisfies Record<string, Texts>;
