import type { Lang, QueueReason } from '@cab/contract/constants';
import type { ErrorCode } from '@cab/contract/errors';
import type { Role } from '@cab/contract/roles';

export type Texts = Record<Lang, string>;

/** Localized texts the server writes into answers; Russian is the fallback language (spec §9). */
export const ERROR_MESSAGES: Record<ErrorCode, Texts> = {
  bad_request: { ru: 'Неверные входные данные', en: 'Wrong input data' },
  validation_failed: { ru: 'Неверные входные данные', en: 'Wrong input data' },
  invalid_credentials: { ru: 'Неверный e-mail или пароль', en: 'Wrong e-mail or password' },
  unauthorized: { ru: 'Требуется вход в систему', en: 'Please sign in' },
  token_expired: { ru: 'Сессия истекла, войдите снова', en: 'Your session has expired, please sign in again' },
  refresh_invalid: { ru: 'Сессия недействительна, войдите снова', en: 'Your session is no longer valid, please sign in again' },
  forbidden: { ru: 'Недостаточно прав для этого действия', en: 'You do not have permission to do this' },
  company_blocked: {
    ru: 'Компания заблокирована: кабинет доступен только для просмотра',
    en: 'The company is blocked: the cabinet is read-only',
  },
  not_found: { ru: 'Не найдено', en: 'Not found' },
  conflict: { ru: 'Конфликт с текущим состоянием данных', en: 'This conflicts with the current state of the data' },
  registration_unfinished: { ru: 'Завершите регистрацию компании', en: 'Please finish the company registration' },
  rate_limited: { ru: 'Слишком много попыток, попробуйте позже', en: 'Too many attempts, please try again later' },
  csv_empty: { ru: 'В CSV-файле нет ни одного ICCID или номера', en: 'The CSV file has no ICCID or number' },
  csv_invalid: {
    ru: 'CSV-файл, строка {line}: ожидается ICCID, номер или пара ICCID;номер',
    en: 'CSV file, line {line}: expected an ICCID, a number or an ICCID;number pair',
  },
  csv_too_large: { ru: 'В CSV-файле больше 100 000 идентификаторов', en: 'The CSV file has more than 100,000 identifiers' },
  sim_labels_too_many: {
    ru: 'Не больше {max} меток на SIM-карте и {company} в компании',
    en: 'At most {max} labels per SIM card and {company} per company',
  },
  // Spec §5 'Reports need a filter and dates': the spec's words, capitalized like every other message.
  report_filter_empty: { ru: 'Пустой фильтр или поле дат', en: 'Empty filter or dates field' },
  report_range_invalid: { ru: 'Дата начала позже даты окончания', en: 'The start date is after the end date' },
  report_range_too_long: { ru: 'Период отчёта не может быть длиннее {max} дней', en: 'A report period cannot be longer than {max} days' },
  nothing_selected: { ru: 'Не выбрано ни одной SIM-карты', en: 'No SIM cards are selected' },
  profile_not_allowed: {
    ru: 'Профиль выбранных SIM-карт не допускает эту операцию',
    en: 'The profile of the selected SIM cards does not allow this operation',
  },
  transfer_target_invalid: {
    ru: 'Передать SIM-карты можно только в родительскую компанию',
    en: 'SIM cards can only be transferred to the parent company',
  },
  group_name_taken: { ru: 'Группа с таким названием уже есть', en: 'A group with this name already exists' },
  wrong_password: { ru: 'Неверный пароль', en: 'Wrong password' },
  reset_link_invalid: { ru: 'Ссылка недействительна или устарела', en: 'The link is invalid or has expired' },
  company_has_sims: {
    ru: 'У компании ещё есть SIM-карты ({count}): передайте их другой компании, затем удалите её',
    en: 'The company still has SIM cards ({count}): transfer them to another company, then delete it',
  },
  company_has_children: {
    ru: 'У компании есть дочерние компании ({count}): сначала удалите их',
    en: 'The company has child companies ({count}): delete them first',
  },
  company_protected: {
    ru: 'Компанию оператора платформы нельзя заблокировать или удалить',
    en: 'The platform operator’s company cannot be blocked or deleted',
  },
  company_tax_number_taken: { ru: 'Компания с таким ИНН уже есть', en: 'A company with this tax number already exists' },
  company_admin_email_taken: { ru: 'Пользователь с таким e-mail уже есть', en: 'A user with this e-mail already exists' },
  impersonation_not_allowed: {
    ru: 'Нельзя войти от имени этого пользователя (администратор платформы или заблокированный пользователь)',
    en: 'You cannot sign in as this user (a platform administrator or a blocked user)',
  },
  impersonation_not_active: { ru: 'Эта сессия не является входом от имени другого пользователя', en: 'This session is not signed in as another user' },
  email_taken: {
    ru: 'Пользователь с таким e-mail уже зарегистрирован',
    en: 'A user with this e-mail is already registered',
  },
  company_exists: {
    ru: 'Компания с таким идентификатором уже зарегистрирована',
    en: 'A company with this unique id is already registered',
  },
  phone_verification_failed: {
    ru: 'Ошибка проверки, проверьте введённые данные или повторите попытку позже',
    en: 'Verification error, check the entered data or try again later',
  },
  registration_steps_missing: { ru: 'Заполните все шаги регистрации', en: 'Please complete every registration step' },
  registration_already_complete: { ru: 'Регистрация уже завершена', en: 'The registration is already complete' },
  balance_change_invalid: {
    ru: 'Введите изменение баланса как +N или -N в евро, не более двух знаков после точки, например +100 или -12.50',
    en: 'Enter the balance change as +N or -N EUR with at most two decimals, e.g. +100 or -12.50',
  },
  user_self_action: { ru: 'Нельзя заблокировать или удалить самого себя', en: 'You cannot block or delete yourself' },
  last_admin: {
    ru: 'Это последний активный администратор компании: назначьте другого, прежде чем убирать этого',
    en: 'This is the company\'s last active administrator: appoint another one before removing this one',
  },
  order_status_invalid: {
    ru: 'Заказ нельзя перевести в этот статус из текущего',
    en: 'The order cannot move to this status from its current one',
  },
  network_not_hlr: {
    ru: 'Кабинет работает с симулятором сети: сверять не с чем (NETWORK_ADAPTER=osmo-hlr включает HLR)',
    en: 'The cabinet runs on the network simulator: there is no HLR to reconcile with (NETWORK_ADAPTER=osmo-hlr turns it on)',
  },
  bill_not_payable: { ru: 'Счёт уже оплачен или отменён', en: 'The bill is already paid or cancelled' },
  bill_amount_too_small: {
    ru: 'Минимальная рекомендуемая сумма счёта — {min} EUR',
    en: 'The minimum recommended bill amount is {min} EUR',
  },
  balance_insufficient: { ru: 'На балансе недостаточно средств', en: 'The balance does not cover this bill' },
  too_many_password_attempts: {
    ru: 'Слишком много неудачных попыток ввода пароля. Повторите через {minutes} мин.',
    en: 'Too many failed password attempts. Try again in {minutes} min.',
  },
  queue_limit_reached: {
    ru: 'Слишком много массовых операций одновременно: у компании может выполняться не больше {running} операций и {sims} SIM-карт в них. Лимит освободится, когда выполняющиеся операции завершатся.',
    en: 'Too many bulk operations at once: a company may have at most {running} operations running, with {sims} SIM cards in them. The limit frees up as running operations finish.',
  },
  global_unblock_empty_filter: {
    ru: 'Задайте фильтр: поиск, CSV, компанию, профиль или тип блокировки. Глобальная разблокировка без фильтра не выполняется, чтобы не разблокировать все SIM-карты всех компаний',
    en: 'Set a filter: search, CSV, company, profile or block type. A global unblock without a filter is refused, so it never unblocks every SIM card of every company',
  },
  global_unblock_changed: {
    ru: 'Выборка изменилась после проверки: было {expected}, сейчас {actual}. Проверьте ещё раз',
    en: 'The selection changed since the dry run: it was {expected}, now {actual}. Run the dry run again',
  },
  global_unblock_on_tools: {
    ru: 'Глобальная разблокировка запускается только из раздела «Инструменты»',
    en: 'A global unblock is started only from Tools',
  },
  country_rule_exists: { ru: 'Правило для этой страны уже есть', en: 'This country already has a rule' },
  alert_rule_exists: { ru: 'Правило оповещения с таким названием уже есть', en: 'An alert rule with this name already exists' },
  alert_rules_too_many: { ru: 'В компании может быть не больше {max} правил оповещений', en: 'A company can have at most {max} alert rules' },
  roaming_zones_required: { ru: 'Выберите хотя бы одну зону роуминга', en: 'Choose at least one roaming zone' },
  export_too_large: {
    ru: 'Под фильтр подходит больше 10 000 SIM-карт: сузьте фильтр или сформируйте файл в фоне',
    en: 'More than 10,000 SIM cards match the filter: narrow it or generate the file in the background',
  },
  sms_range_too_long: { ru: 'Период поиска SMS не может быть длиннее {max} дней', en: 'An SMS search period cannot be longer than {max} days' },
  sms_export_too_large: {
    ru: 'Под фильтр подходит больше {max} SMS: сузьте период или фильтр',
    en: 'More than {max} messages match the filter: narrow the period or the filter',
  },
  audit_range_too_long: { ru: 'Период журнала не может быть длиннее {max} дней', en: 'An audit log period cannot be longer than {max} days' },
  audit_export_too_large: {
    ru: 'Под фильтр подходит больше {max} записей журнала: сузьте период или фильтр',
    en: 'More than {max} audit log entries match the filter: narrow the period or the filter',
  },
  second_factor_invalid: { ru: 'Неверный код', en: 'Wrong code' },
  second_factor_challenge_invalid: { ru: 'Время на ввод кода истекло, войдите снова', en: 'The time to enter the code is over, please sign in again' },
  second_factor_enabled: { ru: 'Вход с кодом из приложения уже включён', en: 'Two-factor sign-in is already on' },
  second_factor_not_enrolled: { ru: 'Сначала включите вход с кодом из приложения', en: 'Turn on two-factor sign-in first' },
  second_factor_required_by_company: {
    ru: 'Компания требует вход с кодом из приложения: выключить его нельзя',
    en: 'Your company requires two-factor sign-in: it cannot be turned off',
  },
  second_factor_enrol_first: {
    ru: 'Чтобы требовать второй фактор от всех, сначала включите его себе',
    en: 'To require a second factor of everyone, turn it on for yourself first',
  },
  passkey_invalid: { ru: 'Ключ входа не подошёл', en: 'The passkey was not accepted' },
  passkey_ceremony_expired: { ru: 'Время ожидания ключа входа истекло, попробуйте ещё раз', en: 'The passkey request timed out, please try again' },
  passkey_exists: { ru: 'Этот ключ входа уже добавлен', en: 'This passkey is already added' },
  passkey_limit: { ru: 'Можно добавить не больше {max} ключей входа', en: 'You can add at most {max} passkeys' },
  passkey_sign_in_again: {
    ru: 'Чтобы добавить ключ входа, выйдите и войдите снова (через аккаунт компании)',
    en: 'To add a passkey, sign out and sign in again (with your company account)',
  },
  sso_not_available: {
    ru: 'Для этого домена почты вход через аккаунт компании не настроен',
    en: 'Sign-in with a company account is not set up for this e-mail domain',
  },
  sso_state_invalid: {
    ru: 'Ссылка входа устарела или уже использована: войдите снова',
    en: 'This sign-in link has expired or was already used: please sign in again',
  },
  sso_failed: {
    ru: 'Поставщик входа компании не подтвердил вход: попробуйте снова',
    en: "Your company's sign-in provider did not confirm the sign-in: please try again",
  },
  sso_email_unverified: {
    ru: 'Поставщик входа компании не подтвердил ваш адрес почты',
    en: "Your company's sign-in provider did not confirm your e-mail address",
  },
  sso_domain_not_allowed: {
    ru: 'Вход через аккаунт компании не разрешён для домена {domain}',
    en: 'Sign-in with the company account is not allowed for the domain {domain}',
  },
  sso_account_elsewhere: {
    ru: 'Этот адрес почты принадлежит пользователю другой компании',
    en: "This e-mail address belongs to another company's user",
  },
  sso_account_disabled: { ru: 'Пользователь отключён: обратитесь к администратору компании', en: "The user is disabled: ask your company's admin" },
  sso_issuer_unreachable: {
    ru: 'Не удалось прочитать настройки OpenID Connect по адресу издателя',
    en: "Could not read the OpenID Connect configuration at the issuer's address",
  },
  sso_domain_taken: { ru: 'Домен {domain} уже настроен для входа в другой компании', en: 'The domain {domain} is already set up for sign-in in another company' },
  nothing_to_retry: { ru: 'В этой операции не осталось SIM-карт с ошибкой', en: 'This operation has no failed SIM cards left' },
  retry_running: {
    ru: 'Повтор этой операции уже выполняется: дождитесь его окончания',
    en: 'A retry of this operation is already running: wait for it to finish',
  },
  idempotency_key_in_use: {
    ru: 'Такой же запрос ещё выполняется: дождитесь его ответа',
    en: 'The same request is still being processed: wait for its answer',
  },
  idempotency_key_reused: {
    ru: 'Ключ идемпотентности уже использован для другого запроса',
    en: 'This idempotency key was already used for a different request',
  },
  view_limit_reached: {
    ru: 'Можно сохранить не больше {max} видов: удалите ненужный',
    en: 'You can save at most {max} views: delete one you no longer need',
  },
  view_name_taken: { ru: 'Вид с таким названием уже есть', en: 'A view with this name already exists' },
  payload_too_large: { ru: 'Запрос слишком большой (не более 1 МБ)', en: 'The request is too large (1 MB at most)' },
  image_invalid: {
    ru: 'Изображение должно быть файлом PNG, JPEG, WebP или GIF',
    en: 'The image must be a PNG, JPEG, WebP or GIF file',
  },
  image_too_large: { ru: 'Изображение больше 2 МБ', en: 'The image is larger than 2 MB' },
  faq_id_taken: { ru: 'Вопрос с таким идентификатором уже есть', en: 'A question with this id already exists' },
  unsupported_media_type: {
    ru: 'Неподдерживаемый формат запроса: отправьте JSON',
    en: 'Unsupported request format: send JSON',
  },
  report_not_ready: {
    ru: 'Файл ещё формируется: скачайте его, когда операция в очереди дойдёт до 100%',
    en: 'The file is still being generated: download it once its queue operation reaches 100%',
  },
  report_deleted: { ru: 'Этот файл отчёта удалён', en: 'This report file was deleted' },
  report_expired: {
    ru: 'Срок хранения файла истёк, и он удалён. Сформируйте отчёт заново',
    en: 'This file has expired and was removed. Please generate the report again',
  },
  report_cancelled: { ru: 'Формирование этого файла было отменено', en: 'Generating this file was cancelled' },
  report_failed: {
    ru: 'Не удалось сформировать этот файл. Сформируйте отчёт заново',
    en: 'This file could not be generated. Please generate the report again',
  },
  radius_client_exists: {
    ru: 'RADIUS-клиент с этим адресом уже добавлен: у одного адреса один секрет',
    en: 'A RADIUS client with this address is already added: one address has one secret',
  },
  stock_file_empty: { ru: 'Файл SIM-карт пуст: в нём нет строки заголовка', en: 'The SIM file is empty: it has no header row' },
  stock_file_header: {
    ru: 'Первая строка файла должна называть столбцы ICCID, IMSI, MSISDN и KI или K и OPC, каждый один раз и без других; не хватает или лишние: {columns}',
    en: 'The first row of the file must name the columns ICCID, IMSI, MSISDN and KI or K and OPC, each once and no others; missing or extra: {columns}',
  },
  stock_file_too_many_rows: {
    ru: 'В файле больше 100 000 строк SIM-карт: разделите его на части',
    en: 'The file has more than 100,000 SIM rows: split it into parts',
  },
  sim_edit_empty: { ru: 'В файле нет строк SIM-карт: нужна строка заголовка и хотя бы одна строка', en: 'The file has no SIM lines: it needs a header row and at least one line' },
  sim_edit_header: {
    ru: 'Первая строка файла должна называть столбец ICCID и хотя бы один из NAME, EXTERNAL_ID, LABELS, каждый один раз и без других (столбцы: {columns})',
    en: 'The first row of the file must name the ICCID column and at least one of NAME, EXTERNAL_ID, LABELS, each once and no others (columns: {columns})',
  },
  sim_edit_too_many_lines: {
    ru: 'В файле больше 50 000 строк SIM-карт: разделите его на части',
    en: 'The file has more than 50,000 SIM lines: split it into parts',
  },
  sim_edit_nothing_matched: {
    ru: 'Ни одна строка файла не называет вашу SIM-карту: неизвестных ICCID {unknown}, SIM-карт других компаний {other}, строк с ошибками {invalid}',
    en: 'No line of the file names one of your SIM cards: unknown ICCIDs {unknown}, other companies\' SIM cards {other}, lines with errors {invalid}',
  },
  stock_short: {
    ru: 'На складе {free} свободных SIM-карт, а заказу нужно {needed}: заказ остаётся в работе до пополнения склада',
    en: 'The SIM stock has {free} free cards and the order needs {needed}: the order stays in work until the stock is filled',
  },
  report_schedules_limit: {
    ru: 'У компании может быть не больше {max} расписаний отчётов: удалите ненужные',
    en: 'A company may keep at most {max} report schedules: delete the ones no longer needed',
  },
  internal: { ru: 'Непредвиденная ошибка, попробуйте позже', en: 'Unexpected error, please try again later' },
  service_unavailable: {
    ru: 'Сервис временно недоступен, повторите попытку через несколько секунд',
    en: 'The service is temporarily unavailable, please try again in a few seconds',
  },
  withdrawal_amount_invalid: {
    ru: 'Введите сумму в евро в виде N или +N, не больше двух знаков после запятой',
    en: 'Enter the amount in EUR as N or +N, with at most two decimals',
  },
  withdrawal_below_minimum: { ru: 'Минимальная сумма вывода — {min} EUR', en: 'The least amount to withdraw is {min} EUR' },
  withdrawal_over_balance: {
    ru: 'Сумма больше доступного вознаграждения ({available} EUR)',
    en: 'The amount is more than the available reward ({available} EUR)',
  },
  request_state_invalid: {
    ru: 'Это действие недоступно в текущем состоянии заявки',
    en: 'This action is not available in the request\'s current state',
  },
  attachment_invalid: {
    ru: 'Вложение должно быть PDF, PNG или JPEG',
    en: 'The attachment must be a PDF, PNG or JPEG file',
  },
  attachment_too_large: { ru: 'Вложение больше {max} МБ', en: 'The attachment is larger than {max} MB' },
  not_an_agent: { ru: 'Агент не найден', en: 'Agent not found' },
};

export const FIELD_MESSAGES = {
  required: { ru: 'Заполните данные', en: 'Fill the data' },
  invalid: { ru: 'Неверное значение', en: 'Wrong value' },
  tooLong: { ru: 'Слишком длинное значение', en: 'The value is too long' },
  unknownField: { ru: 'Неизвестное поле', en: 'Unknown field' },
  invalidText: {
    ru: 'Текст содержит недопустимые символы (нулевой символ или неполный символ Юникода)',
    en: 'The text holds characters that are not allowed (a NUL character or an incomplete Unicode character)',
  },
  notifyEmail: { ru: 'Введите e-mail в виде user@domain', en: 'Enter an e-mail as user@domain' },
  notifyWebhook: { ru: 'Введите адрес http:// или https://', en: 'Enter an http:// or https:// address' },
  notifyWebhookAddress: {
    ru: 'Этот адрес недоступен для уведомлений: укажите публичный адрес http(s) без имени пользователя и пароля',
    en: 'This address cannot receive notifications: enter a public http(s) address without a user name or password',
  },
  notifyWhatsapp: {
    ru: 'Введите номер в международном формате: + и от 8 до 15 цифр',
    en: 'Enter the number in international format: + and 8 to 15 digits',
  },
  notifyTelegram: {
    ru: 'Введите ключ чата от нашего бота: числовой id чата или @имя канала',
    en: 'Enter the chat key from our bot: a numeric chat id or an @channel name',
  },
  orderCount: {
    ru: 'Количество должно быть кратно 50. Минимальное количество — 50 шт.',
    en: 'Quantity must be a multiple of 50. Minimum quantity is 50 pcs.',
  },
  contentLink: { ru: 'Ссылка должна начинаться с http://, https:// или / (страница кабинета)', en: 'The link must start with http://, https:// or / (a cabinet page)' },
  endsBeforeStart: { ru: 'Окончание должно быть позже начала', en: 'The end must be after the start' },
  noCompanies: { ru: 'Выберите хотя бы одну компанию', en: 'Choose at least one company' },
  iban: { ru: 'Неверный IBAN: проверьте номер счёта', en: 'Invalid IBAN: check the account number' },
  withdrawalAmount: {
    ru: 'Введите сумму в евро в виде N или +N, не больше двух знаков после запятой',
    en: 'Enter the amount in EUR as N or +N, with at most two decimals',
  },
  rate: { ru: 'Введите процент от 0 до 50, не больше двух знаков после запятой', en: 'Enter a percent from 0 to 50 with at most two decimals' },
  belowMinimum: { ru: 'Меньше минимальной рекомендуемой суммы', en: 'Below the minimum recommended amount' },
  tooManySims: { ru: 'Не больше 100 000 SIM-карт за раз', en: 'At most 100,000 SIM cards at once' },
  roamingZones: { ru: 'Выберите хотя бы одну зону', en: 'Choose at least one zone' },
  globalUnblockFilter: { ru: 'Задайте хотя бы одно условие', en: 'Set at least one condition' },
} satisfies Record<string, Texts>;

export const ROLE_TITLES: Record<Role, Texts> = {
  root: { ru: 'Администратор платформы', en: 'Platform administrator' },
  admin: { ru: 'Администратор компании', en: 'Company administrator' },
  manager: { ru: 'Менеджер', en: 'Manager' },
  viewer: { ru: 'Наблюдатель', en: 'Viewer' },
  agent: { ru: 'Агент', en: 'Sales agent' },
};

export const DEFAULT_ROLE_TITLE: Texts = { ru: 'Пользователь', en: 'User' };

export const WS_MESSAGES = {
  authFailed: { ru: 'Ошибка авторизации соединения', en: 'Connection authorization failed' },
} satisfies Record<string, Texts>;

/** The same labels the web shows in the header's queue dropdown. */
export const QUEUE_REASON_LABELS: Record<QueueReason, Texts> = {
  queue_unblock: { ru: 'Разблокировка SIM', en: 'SIM unblock' },
  queue_block: { ru: 'Блокировка SIM', en: 'SIM block' },
  queue_disconnect: { ru: 'Отключение', en: 'Disconnect' },
  queue_reconnect: { ru: 'Переподключение', en: 'Reconnect' },
  queue_ping: { ru: 'Пинг', en: 'Ping' },
  queue_sms: { ru: 'Отправка SMS', en: 'SMS sending' },
  queue_global_unblock: { ru: 'Глобальная разблокировка', en: 'Global unblock' },
  queue_limit: { ru: 'Изменение лимита', en: 'Limit change' },
  queue_get_limit: { ru: 'Запрос лимита', en: 'Limit request' },
  queue_report_generate: { ru: 'Формирование отчёта', en: 'Report generation' },
  queue_transfer: { ru: 'Перенос SIM', en: 'SIM transfer' },
  queue_tariff_package: { ru: 'Смена пакета', en: 'Package change' },
  queue_package_reconnect: { ru: 'Переподключение пакета', en: 'Repackage' },
  queue_balance: { ru: 'Изменение баланса', en: 'Balance change' },
  queue_group: { ru: 'Изменение группы', en: 'Group change' },
  queue_imei_lock: { ru: 'Привязка к IMEI', en: 'IMEI lock' },
  queue_imei_unlock: { ru: 'Снятие привязки к IMEI', en: 'IMEI unlock' },
  queue_sim_edit: { ru: 'Изменение SIM-карт из файла', en: 'SIM edit from a file' },
};

export const QUEUE_DONE_TEXT: Texts = {
  ru: 'Операция «{operation}» завершена: успешно {ok}, с ошибкой {fail}',
  en: 'Operation “{operation}” finished: {ok} succeeded, {fail} failed',
};

/** Added to a finished operation's text when some of its SIMs were already as it asked. */
export const QUEUE_UNCHANGED_TEXT: Texts = {
  ru: '; без изменений (уже были такими) {unchanged}',
  en: '; {unchanged} unchanged (already so)',
};

export function fillTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
}

export const RESULTS_CSV_HEADER: Record<Lang, string[]> = {
  ru: ['ICCID', 'Номер', 'Статус', 'Результат'],
  en: ['ICCID', 'Number', 'Status', 'Result'],
};

/** The column an SMS operation's results CSV adds: each message's delivery (queued, delivered, failed). */
export const RESULTS_CSV_DELIVERY_HEADER: Record<Lang, string> = { ru: 'Доставка', en: 'Delivery' };

/** The text of a notification method's test-send. */
export const NOTIFY_TEST_TEXT: Texts = {
  ru: 'Тестовое уведомление из кабинета SIM-карт',
  en: 'Test notification from the SIM cabinet',
};
