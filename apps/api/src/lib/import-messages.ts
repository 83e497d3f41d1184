import type { ImportMessageKey, Lang } from '@bozor/shared';

/** The products spreadsheet's import: refusals of the whole request. */
export const IMPORT_MESSAGES = {
  IMPORT_NOT_FOUND: { uz: 'Import topilmadi', ru: 'Импорт не найден' },
  IMPORT_FILE_MISSING: {
    uz: '`file` maydonida XLSX yoki CSV faylni yuboring',
    ru: 'Пришлите файл XLSX или CSV в поле `file`',
  },
  IMPORT_FILE_TOO_LARGE: {
    uz: "Fayl 50 MB dan katta bo'lmasligi kerak",
    ru: 'Файл должен быть не больше 50 МБ',
  },
  IMPORT_FILE_TYPE_INVALID: {
    uz: 'Faqat XLSX yoki CSV (UTF-8) faylni import qilish mumkin',
    ru: 'Импортировать можно только файл XLSX или CSV (UTF-8)',
  },
  IMPORT_NOT_CHECKED: {
    uz: "Importni faqat tekshiruvdan so'ng va bir marta boshlash mumkin",
    ru: 'Импорт можно запустить только после проверки и только один раз',
  },
} satisfies Record<string, Record<Lang, string>>;

/** The rules of a spreadsheet's cells (IMPORT_FIELD_MESSAGE_KEYS), in the interface languages. */
export const IMPORT_FIELD_MESSAGES = {
  import_column_missing: {
    uz: "Sarlavha qatorida bu ustun yo'q",
    ru: 'В строке заголовков нет этого столбца',
  },
  import_column_unknown: {
    uz: "Noma'lum ustun: ustun nomlari eksport faylidagi kabi bo'lishi kerak",
    ru: 'Неизвестный столбец: названия столбцов — как в файле экспорта',
  },
  import_column_repeated: {
    uz: 'Bu ustun sarlavhada ikki marta bor',
    ru: 'Этот столбец в заголовке дважды',
  },
  import_sku_repeated: {
    uz: 'Bu artikul faylda yuqoriroq qatorda ham bor',
    ru: 'Этот артикул уже есть в строке выше',
  },
  import_number_invalid: {
    uz: "Butun son bo'lishi kerak (bo'shliqlarsiz yoki bo'shliqlar bilan)",
    ru: 'Должно быть целое число (можно с пробелами между разрядами)',
  },
  import_active_invalid: {
    uz: "1 yoki 0 (yes yoki no) bo'lishi kerak",
    ru: 'Должно быть 1 или 0 (yes или no)',
  },
  import_size_class_invalid: {
    uz: "standard (oddiy) yoki bulky (yirik o'lchamli, KGT) bo'lishi kerak; bo'sh — standard",
    ru: 'Должно быть standard (обычный) или bulky (крупногабаритный, КГТ); пусто — standard',
  },
  import_category_unknown: {
    uz: "Bunday manzilli (slug) kategoriya yo'q",
    ru: 'Нет категории с таким адресом (slug)',
  },
  import_brand_unknown: {
    uz: "Bunday manzilli (slug) brend yo'q",
    ru: 'Нет бренда с таким адресом (slug)',
  },
  import_color_unknown: {
    uz: "Bunday manzilli (slug) rang yo'q",
    ru: 'Нет цвета с таким адресом (slug)',
  },
  import_tag_unknown: {
    uz: "Bunday nomli teg yo'q yoki nom bir nechta tegga mos: #raqam bilan yozing",
    ru: 'Нет метки с таким названием, или оно у нескольких меток: укажите #номер',
  },
  import_attribute_unknown: {
    uz: "Xususiyat «manzil:qiymat» yoki «#raqam» ko'rinishida, mavjud qiymat bilan yozilishi kerak",
    ru: 'Характеристика пишется как «адрес:значение» или «#номер» с существующим значением',
  },
  import_collection_unknown: {
    uz: "Bunday manzilli (slug) qo'lda tuzilgan to'plam yo'q",
    ru: 'Нет составленной вручную подборки с таким адресом (slug)',
  },
  import_slug_taken: {
    uz: 'Bu manzil boshqa mahsulotda yoki fayldagi boshqa qatorda bor',
    ru: 'Этот адрес уже у другого товара или в другой строке файла',
  },
  import_image_invalid: {
    uz: "Rasm: do'kondagi /media/... yo'li yoki https:// manzil, nuqtali vergul bilan ajratiladi",
    ru: 'Картинка: путь /media/... из магазина или адрес https://, через точку с запятой',
  },
  import_image_https_only: {
    uz: 'Rasm manzili https:// bilan boshlanishi kerak',
    ru: 'Адрес картинки должен начинаться с https://',
  },
  import_image_host_not_allowed: {
    uz: "Bu saytdan rasm yuklab olinmaydi: u ruxsat etilganlar ro'yxatida (IMPORT_IMAGE_HOSTS) yo'q",
    ru: 'С этого сайта картинки не загружаются: его нет в списке разрешённых (IMPORT_IMAGE_HOSTS)',
  },
  import_image_private_address: {
    uz: "Rasm manzili ichki tarmoq yoki shu serverning o'ziga olib boradi: bunday manzildan yuklab olinmaydi",
    ru: 'Адрес картинки ведёт во внутреннюю сеть или на сам сервер: с таких адресов не загружаем',
  },
  import_image_unreachable: {
    uz: "Rasmni yuklab bo'lmadi: sayt javob bermadi yoki xato qaytardi",
    ru: 'Картинку не удалось загрузить: сайт не ответил или вернул ошибку',
  },
  import_image_too_large: {
    uz: "Rasm 10 MB dan katta bo'lmasligi kerak",
    ru: 'Картинка должна быть не больше 10 МБ',
  },
  import_image_not_picture: {
    uz: 'Manzildagi fayl JPEG, PNG yoki WebP rasm emas',
    ru: 'Файл по адресу — не картинка JPEG, PNG или WebP',
  },
  import_gave_up: {
    uz: 'Import bir necha urinishdan keyin ham tugamadi: fayl va jurnalni tekshirib, qaytadan yuklang',
    ru: 'Импорт не завершился и после нескольких попыток: проверьте файл и журнал сервера, загрузите заново',
  },
  import_file_unreadable: {
    uz: "Faylni o'qib bo'lmadi: XLSX yoki UTF-8 dagi CSV ekanini tekshiring",
    ru: 'Файл не читается: проверьте, что это XLSX или CSV в UTF-8',
  },
  import_file_missing: {
    uz: "Yuklangan faylni shu serverda o'qib bo'lmadi (u topilmadi yoki ochilmadi): faylni qaytadan yuklang",
    ru: 'Загруженный файл не удалось прочитать на этом сервере (он не найден или не открывается): загрузите его заново',
  },
  import_file_too_many_rows: {
    uz: "Faylda 200 000 tadan ko'p qator bor: uni bir necha faylga bo'ling",
    ru: 'В файле больше 200 000 строк: разделите его на несколько файлов',
  },
  import_row_too_long: {
    uz: "Faylda 256 KB dan uzun qator bor: bitta mahsulot qatori bunchalik uzun bo'lmaydi, faylni tekshiring",
    ru: 'В файле есть строка длиннее 256 КБ: строка одного товара не бывает такой длинной, проверьте файл',
  },
  import_row_too_many_cells: {
    uz: "Faylda 16 384 tadan ko'p katakli qator bor: ortiqcha ustunlarni o'chiring",
    ru: 'В файле есть строка больше чем из 16 384 ячеек: удалите лишние столбцы',
  },
  import_xlsx_part_too_large: {
    uz: "XLSX fayl ichidagi qism ochilganda 1 GB dan katta: faylni CSV sifatida saqlang yoki bir necha faylga bo'ling",
    ru: 'Часть файла XLSX в распакованном виде больше 1 ГБ: сохраните его как CSV или разделите на несколько файлов',
  },
  import_xlsx_strings_too_many: {
    uz: "XLSX faylning matnlar jadvali juda katta (1 000 000 tadan ko'p matn yoki jami 32 million belgidan ko'p): faylni CSV sifatida saqlang yoki bir necha faylga bo'ling",
    ru: 'Таблица текстов файла XLSX слишком велика (больше 1 000 000 текстов или 32 миллионов символов): сохраните его как CSV или разделите на несколько файлов',
  },
  import_file_too_much_memory: {
    uz: "Faylni o'qish uchun importga ajratilgan 256 MB xotira yetmadi: faylni CSV sifatida saqlang yoki bir necha faylga bo'ling",
    ru: 'Для чтения файла не хватило 256 МБ памяти, отведённых импорту: сохраните его как CSV или разделите на несколько файлов',
  },
  import_header_invalid: {
    uz: "Sarlavha qatori to'g'ri emas: quyida ko'rsatilgan ustunlarni tuzating",
    ru: 'Строка заголовков не подходит: исправьте столбцы, указанные ниже',
  },
  import_file_empty: {
    uz: "Faylda sarlavha qatori yoki mahsulotlar yo'q",
    ru: 'В файле нет строки заголовков или товаров',
  },
} satisfies Record<ImportMessageKey, Record<Lang, string>>;
