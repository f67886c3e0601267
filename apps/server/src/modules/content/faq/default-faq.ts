import type { FaqGroup } from '@cab/contract/content';

/** The FAQ a new install starts with (seeded once; root edits it on Tools → FAQ). */
export interface DefaultFaqEntry {
  id: string;
  group: FaqGroup;
  question_ru: string;
  question_en: string;
  answer_ru: string;
  answer_en: string;
}

export const DEFAULT_FAQ: DefaultFaqEntry[] = [
  {
    id: 'block-types',
    group: 'blocks',
    question_ru: 'Какие бывают блокировки SIM-карты?',
    question_en: 'What kinds of SIM blocks are there?',
    answer_ru:
      '<p>У заблокированной SIM-карты есть тип блокировки:</p><ul><li><strong>Добровольная</strong> — вы заблокировали карту сами;</li><li><strong>Финансовая</strong> — баланс предоплатной компании долго оставался нулевым или отрицательным;</li><li><strong>MSU</strong> — расходы карты за месяц превысили её лимит;</li><li><strong>Нарушение</strong> — блокировка оператора;</li><li><strong>Окончание пакета</strong> — у карты профиля TD закончился пакет.</li></ul><p>Тип виден в списке SIM-карт и на странице карты.</p>',
    answer_en:
      '<p>A blocked SIM card has a block type:</p><ul><li><strong>Voluntary</strong> — you blocked the card yourself;</li><li><strong>Financial</strong> — a prepay company\'s balance stayed at or below zero;</li><li><strong>MSU</strong> — the card\'s spend this month passed its cap;</li><li><strong>Violation</strong> — blocked by the operator;</li><li><strong>Package expiry</strong> — a TD-profile card\'s package ran out.</li></ul><p>The type is shown in the SIM list and on the card\'s page.</p>',
  },
  {
    id: 'unblock',
    group: 'blocks',
    question_ru: 'Как разблокировать SIM-карту?',
    question_en: 'How do I unblock a SIM card?',
    answer_ru:
      '<p>Выберите карты в списке и запустите операцию «Разблокировать». Сами вы снимаете только добровольную блокировку. Финансовая снимается сама, когда пополнение выводит баланс выше нуля; блокировка MSU — когда вы поднимаете лимит MSU карты; блокировку за нарушение снимает оператор.</p>',
    answer_en:
      '<p>Select the cards in the list and run the “Unblock” operation. You can lift only a voluntary block yourself. A financial block is lifted by itself when a top-up brings the balance above zero; an MSU block when you raise the card\'s MSU cap; a violation block only by the operator.</p>',
  },
  {
    id: 'msu',
    group: 'msu',
    question_ru: 'Что такое MSU?',
    question_en: 'What is MSU?',
    answer_ru:
      '<p>MSU — месячный лимит расходов одной SIM-карты в евро. Когда расходы карты с начала месяца превышают лимит, сеть блокирует её с типом блокировки MSU, и вы получаете уведомление. С первого числа месяца расходы считаются заново.</p>',
    answer_en:
      '<p>MSU is a monthly spend cap of one SIM card in EUR. When the card\'s spend since the start of the month passes the cap, the network blocks it with block type MSU and you are notified. On the first of the month the spend starts again from zero.</p>',
  },
  {
    id: 'msu-change',
    group: 'msu',
    question_ru: 'Как изменить лимит MSU?',
    question_en: 'How do I change the MSU cap?',
    answer_ru: '<p>На странице SIM-карты измените поле «MSU» и сохраните. Если карта была заблокирована по MSU, поднимите лимит выше её расходов за месяц и разблокируйте её.</p>',
    answer_en: '<p>On the SIM card\'s page change the “MSU” field and save. If the card was blocked by MSU, raise the cap above its spend this month, then unblock it.</p>',
  },
  {
    id: 'profiles',
    group: 'profiles',
    question_ru: 'Чем отличаются профили SIM-карт?',
    question_en: 'How do the SIM profiles differ?',
    answer_ru:
      '<p>Профиль определяет, какие операции доступны карте:</p><ul><li><strong>TC</strong> — баланс карты и лимиты трафика;</li><li><strong>TD</strong> — пакеты (смена пакета, переподключение пакета);</li><li><strong>BK, MS, MF</strong> — базовые операции: блокировка, разблокировка, пинг, SMS, переподключение.</li></ul><p>Операция, недоступная профилю выбранных карт, отклоняется с пояснением.</p>',
    answer_en:
      '<p>The profile decides which operations a card allows:</p><ul><li><strong>TC</strong> — the card\'s balance and data limits;</li><li><strong>TD</strong> — packages (change package, package reconnect);</li><li><strong>BK, MS, MF</strong> — the basic operations: block, unblock, ping, SMS, reconnect.</li></ul><p>An operation the selected cards\' profile does not allow is refused with a reason.</p>',
  },
  {
    id: 'bulk-operations',
    group: 'queue',
    question_ru: 'Как выполнить операцию сразу над многими SIM-картами?',
    question_en: 'How do I run an operation on many SIM cards at once?',
    answer_ru:
      '<p>Отфильтруйте список SIM-карт (или загрузите CSV с ICCID или номерами), отметьте карты или выберите все по фильтру и выберите операцию. Она встаёт в очередь операций и выполняется в фоне.</p>',
    answer_en:
      '<p>Filter the SIM list (or upload a CSV of ICCIDs or numbers), tick the cards or select all that match, and choose the operation. It joins the operation queue and runs in the background.</p>',
  },
  {
    id: 'queue',
    group: 'queue',
    question_ru: 'Что показывает очередь операций?',
    question_en: 'What does the operation queue show?',
    answer_ru:
      '<p>Счётчик в шапке показывает операции, которые ещё выполняются. В списке видно, сколько карт обработано, сколько успешно и сколько с ошибкой; итог по каждой карте можно скачать в CSV. Выполняющуюся операцию можно отменить. Когда операция завершится, придёт уведомление.</p>',
    answer_en:
      '<p>The counter in the header shows operations still running. The list shows how many cards are done, how many succeeded and how many failed; each card\'s result downloads as CSV. A running operation can be cancelled. When it finishes you are notified.</p>',
  },
  {
    id: 'orders',
    group: 'commerce',
    question_ru: 'Как заказать SIM-карты?',
    question_en: 'How do I order SIM cards?',
    answer_ru:
      '<p>Администратор компании создаёт заказ в разделе «Заказы»: количество кратно 50, не меньше 50, по 1,25 EUR за карту. Заказ сразу выставляет счёт; после оплаты он переходит в работу, затем в доставку, и по завершении карты появляются в вашем списке.</p>',
    answer_en:
      '<p>A company admin creates an order under “Orders”: a multiple of 50 cards, at least 50, at 1.25 EUR each. The order issues its bill at once; once paid it goes to work, then to delivery, and when it is completed the cards appear in your list.</p>',
  },
  {
    id: 'bills',
    group: 'commerce',
    question_ru: 'Как пополнить баланс и где найти счета?',
    question_en: 'How do I top up the balance and where are my bills?',
    answer_ru:
      '<p>В разделе «Счета» выберите «Сформировать счёт» и укажите сумму пополнения. Все счета — пополнения, заказы и ежемесячные счета постоплатных компаний — открываются там же в PDF. Каждое движение баланса видно на странице «Депозит».</p>',
    answer_en:
      '<p>Under “Bills” choose “Bill generation” and enter the top-up amount. Every bill — top-ups, orders and postpay companies\' monthly bills — opens there as a PDF. Every balance movement is listed on the “Deposit” page.</p>',
  },
  {
    id: 'api-tokens',
    group: 'api',
    question_ru: 'Как работать с API?',
    question_en: 'How do I use the API?',
    answer_ru:
      '<p>Администратор компании создаёт токен доступа на странице компании («Токены доступа»); секрет показывается один раз. Передавайте его в заголовке <code>Authorization: Bearer …</code> к тем же вызовам <code>/api/*</code>, что делает кабинет; описание — на странице <a href="/api/docs">/api/docs</a>. Токен может то же, что менеджер: SIM-карты, группы, отчёты.</p>',
    answer_en:
      '<p>A company admin creates an access token on the company page (“Access tokens”); its secret is shown once. Send it as <code>Authorization: Bearer …</code> to the same <code>/api/*</code> calls the cabinet makes; they are described at <a href="/api/docs">/api/docs</a>. A token can do what a manager can: SIM cards, groups, reports.</p>',
  },
  {
    id: 'webhooks',
    group: 'api',
    question_ru: 'Как получать уведомления на webhook и проверять подпись?',
    question_en: 'How do I receive webhook notifications and verify their signature?',
    answer_ru:
      '<p>Добавьте способ уведомления «Webhook» (вебхук) с адресом http(s) на странице компании и отметьте нужные категории. Каждое событие приходит POST-запросом с JSON и заголовками <code>X-Cabinet-Timestamp</code>, <code>X-Cabinet-Signature</code> и <code>X-Cabinet-Delivery</code>.</p><p>Чтобы проверить подпись, посчитайте HMAC-SHA256 секретом способа по строке «timestamp + "." + тело запроса» и сравните с подписью после <code>sha256=</code> сравнением за постоянное время. Отклоняйте запросы с временем старше 5 минут и повторяющимся id доставки.</p>',
    answer_en:
      '<p>Add a “Webhook” notification method with an http(s) address on the company page and tick the categories you want. Each event arrives as a JSON POST with the headers <code>X-Cabinet-Timestamp</code>, <code>X-Cabinet-Signature</code> and <code>X-Cabinet-Delivery</code>.</p><p>To verify the signature, compute HMAC-SHA256 with the method\'s secret over “timestamp + "." + the raw body” and compare it with the value after <code>sha256=</code> in constant time. Reject timestamps more than 5 minutes off and delivery ids you have already seen.</p>',
  },
  {
    id: 'roaming',
    group: 'roaming',
    question_ru: 'Как изменить настройки роуминга?',
    question_en: 'How do I change the roaming settings?',
    answer_ru:
      '<p>На странице SIM-карты или массовой операцией выберите роуминг: выключен, список зон или весь мир. Изменение настроек роуминга занимает до 3 рабочих дней: до этого карта показана как ожидающая изменения, а когда оно применится, придёт уведомление.</p>',
    answer_en:
      '<p>On the SIM card\'s page, or as a bulk operation, choose the roaming: off, a list of zones or worldwide. Roaming settings changes take up to 3 working days: until then the card is shown as pending, and you are notified when the change applies.</p>',
  },
  {
    id: 'roaming-tc-countries',
    group: 'roaming',
    question_ru: 'Почему SIM-карта профиля TC не работает в некоторых странах?',
    question_en: 'Why does a TC-profile SIM card not work in some countries?',
    answer_ru: '<p>С 1 июня 2024 года SIM-карты профиля TC не работают в двух странах из правил оператора. Такие карты, замеченные в этих странах, отмечены предупреждением в списке и на странице карты.</p>',
    answer_en: '<p>From 1 June 2024 TC-profile SIM cards do not work in two countries named by the operator\'s rules. Such cards seen in those countries carry a warning in the list and on the card\'s page.</p>',
  },
  {
    id: 'apn',
    group: 'general',
    question_ru: 'Какую точку доступа (APN) указать в устройстве?',
    question_en: 'Which access point (APN) do I set in the device?',
    answer_ru: '<p>Точка доступа показана в меню «APN» в шапке кабинета. Там же ссылка на базу знаний о профилях SIM-карт.</p>',
    answer_en: '<p>The access point is shown in the “APN” menu in the cabinet\'s header, with a link to the knowledge base about SIM profiles.</p>',
  },
];
