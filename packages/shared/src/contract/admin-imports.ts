import { z } from 'zod';
import { idOf, pageQueryOf } from './common.ts';

/**
 * The columns of the products spreadsheet, in the order an export writes them. The header row
 * names them by these keys; an import needs REQUIRED_IMPORT_COLUMNS, and a column left out keeps what a
 * product has (a new product gets it empty). The fiscal columns are the product's own code (empty
 * takes its category's). `size_class` is `standard` or `bulky` (empty: standard).
 */
export const IMPORT_COLUMNS = [
  'sku',
  'name_uz',
  'name_ru',
  'description_uz',
  'description_ru',
  'price',
  'old_price',
  'stock',
  'category',
  'brand',
  'color',
  'tags',
  'attributes',
  'collections',
  'active',
  'images',
  'slug',
  'ikpu',
  'package_code',
  'units',
  'vat_percent',
  'size_class',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
export const REQUIRED_IMPORT_COLUMNS: readonly ImportColumn[] = [
  'sku',
  'name_uz',
  'name_ru',
  'price',
  'stock',
  'category',
];

/** The largest spreadsheet an import takes. */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
/** The most product rows one file may hold. */
export const MAX_IMPORT_ROWS = 200_000;
export const IMPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** The rules a spreadsheet's cells answer with, beside those of a product's own fields. */
export const IMPORT_FIELD_MESSAGE_KEYS = [
  'import_column_missing',
  'import_column_unknown',
  'import_column_repeated',
  'import_sku_repeated',
  'import_number_invalid',
  'import_active_invalid',
  'import_size_class_invalid',
  'import_category_unknown',
  'import_brand_unknown',
  'import_color_unknown',
  'import_tag_unknown',
  'import_attribute_unknown',
  'import_collection_unknown',
  'import_slug_taken',
  'import_image_invalid',
  'import_image_https_only',
  'import_image_host_not_allowed',
  'import_image_private_address',
  'import_image_unreachable',
  'import_image_too_large',
  'import_image_not_picture',
  'import_file_unreadable',
  'import_file_missing',
  'import_file_empty',
  'import_file_too_many_rows',
  'import_row_too_long',
  'import_row_too_many_cells',
  'import_xlsx_part_too_large',
  'import_xlsx_strings_too_many',
  'import_file_too_much_memory',
  'import_header_invalid',
  'import_gave_up',
] as const;
export type ImportMessageKey = (typeof IMPORT_FIELD_MESSAGE_KEYS)[number];

export const IMPORT_STATUSES = ['checking', 'checked', 'running', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** A cell the dry run refused: its spreadsheet row (the header is row 1) and column key. */
export const ImportRowError = z.object({
  row: z.number().int(),
  column: z.string(),
  message_key: z.string(),
  /** The rule in the caller's language. */
  message: z.string(),
  /**
   * What the cell held (its first 100 characters): for a picture, the address refused; for the
   * header, the header's cell. Null when it was empty or the column is missing.
   */
  value: z.string().nullable(),
});
export type ImportRowError = z.infer<typeof ImportRowError>;

/** A product the import will create, or change in the columns named. */
export const ImportChange = z.object({
  row: z.number().int(),
  sku: z.string(),
  action: z.enum(['create', 'update']),
  columns: z.array(z.string()),
});
export type ImportChange = z.infer<typeof ImportChange>;

export const ImportJobRow = z.object({
  id: z.number().int(),
  file_name: z.string(),
  status: z.enum(IMPORT_STATUSES),
  staff_name: z.string(),
  /** Data rows in the file (the header not counted); 0 until the dry run has read it. */
  total_rows: z.number().int(),
  /** Rows read so far: by the dry run while checking, by the import while running. */
  done_rows: z.number().int(),
  /** What the import itself did. */
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** What the dry run found the file would do, rows with errors apart. */
  planned: z.object({
    create: z.number().int(),
    update: z.number().int(),
    unchanged: z.number().int(),
    error: z.number().int(),
  }),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ImportJobRow = z.infer<typeof ImportJobRow>;

export const ImportJobDetail = ImportJobRow.extend({
  /** Every refused cell up to the first thousand, by row. */
  errors: z.array(ImportRowError),
  /** All refused cells, also past those listed. */
  errors_total: z.number().int(),
  /** The first planned creations and changes. */
  changes: z.array(ImportChange),
  /** Why the import stopped (status `failed`), in the caller's language. */
  failure: z.string().nullable(),
});
export type ImportJobDetail = z.infer<typeof ImportJobDetail>;

export const ImportsQuery = pageQueryOf({ max: 50, fallback: 20 });
export type ImportsQuery = z.infer<typeof ImportsQuery>;

/** `GET /admin/products/export`: every product, or a category's with everything under it. */
export const ProductExportQuery = z.object({
  format: z.enum(IMPORT_FORMATS).default('xlsx'),
  category_id: idOf('product_category_invalid').optional(),
});
export type ProductExportQuery = z.infer<typeof ProductExportQuery>;
