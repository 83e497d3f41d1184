import { defineTexts } from '../../i18n/define.ts';

export const authTexts = defineTexts(
  ['auth', 'setup'],
  {
    'auth.title': 'Вход для сотрудников',
    'auth.email': 'Электронная почта',
    'auth.password': 'Пароль',
    'auth.code': 'Код из приложения-аутентификатора',
    'auth.codeHint': '6 цифр из Google Authenticator, Aegis или похожего приложения',
    'auth.codeHintOptional':
      'Если к учётной записи подключён второй фактор: 6 цифр из приложения-аутентификатора',
    'auth.submit': 'Войти',
    'auth.required': 'Заполните поле',
    'auth.codeInvalid': 'Код — это 6 цифр',
    'setup.title': 'Настройка учётной записи',
    'setup.for': '{name} · {email} · {role}',
    'setup.password': 'Новый пароль',
    'setup.passwordHint': 'Не короче {min} символов',
    'setup.passwordRepeat': 'Пароль ещё раз',
    'setup.passwordShort': 'Пароль короче {min} символов',
    'setup.passwordMismatch': 'Пароли не совпадают',
    'setup.totpRequired':
      'Для вашей роли нужен второй фактор: отсканируйте код в приложении-аутентификаторе и введите 6 цифр из него.',
    'setup.totpOptional':
      'Второй фактор по желанию: отсканируйте код и введите 6 цифр, или оставьте поле пустым.',
    'setup.totpNow':
      'Ваша роль теперь требует второй фактор. Пароль остаётся прежним: отсканируйте код в приложении-аутентификаторе и введите 6 цифр из него.',
    'setup.secret': 'Или введите ключ вручную',
    'setup.qr': 'QR-код для приложения-аутентификатора',
    'setup.submit': 'Сохранить и перейти ко входу',
    'setup.submitTotp': 'Подключить и перейти ко входу',
    'setup.done': 'Учётная запись готова. Войдите с новым паролем.',
    'setup.doneTotp': 'Второй фактор подключён. Войдите с паролем и кодом из приложения.',
    'setup.noToken':
      'В ссылке нет ключа. Откройте ссылку из письма целиком или попросите владельца о новой.',
  },
  {
    'auth.title': 'Xodimlar uchun kirish',
    'auth.email': 'Elektron pochta',
    'auth.password': 'Parol',
    'auth.code': 'Autentifikator ilovasidagi kod',
    'auth.codeHint': "Google Authenticator, Aegis yoki shunga o'xshash ilovadagi 6 ta raqam",
    'auth.codeHintOptional':
      "Agar hisobga ikkinchi omil ulangan bo'lsa: autentifikator ilovasidagi 6 ta raqam",
    'auth.submit': 'Kirish',
    'auth.required': "Maydonni to'ldiring",
    'auth.codeInvalid': 'Kod — 6 ta raqam',
    'setup.title': 'Hisobni sozlash',
    'setup.for': '{name} · {email} · {role}',
    'setup.password': 'Yangi parol',
    'setup.passwordHint': 'Kamida {min} ta belgi',
    'setup.passwordRepeat': 'Parolni takrorlang',
    'setup.passwordShort': 'Parol {min} ta belgidan qisqa',
    'setup.passwordMismatch': 'Parollar mos kelmadi',
    'setup.totpRequired':
      'Rolingiz uchun ikkinchi omil kerak: kodni autentifikator ilovasida skanerlang va undagi 6 ta raqamni kiriting.',
    'setup.totpOptional':
      "Ikkinchi omil ixtiyoriy: kodni skanerlang va 6 ta raqamni kiriting yoki maydonni bo'sh qoldiring.",
    'setup.totpNow':
      "Rolingiz endi ikkinchi omilni talab qiladi. Parol o'zgarmaydi: kodni autentifikator ilovasida skanerlang va undagi 6 ta raqamni kiriting.",
    'setup.secret': "Yoki kalitni qo'lda kiriting",
    'setup.qr': 'Autentifikator ilovasi uchun QR-kod',
    'setup.submit': "Saqlash va kirishga o'tish",
    'setup.submitTotp': "Ulash va kirishga o'tish",
    'setup.done': 'Hisob tayyor. Yangi parol bilan kiring.',
    'setup.doneTotp': 'Ikkinchi omil ulandi. Parol va ilovadagi kod bilan kiring.',
    'setup.noToken': "Havolada kalit yo'q. Havolani to'liq oching yoki egasidan yangisini so'rang.",
  },
);
