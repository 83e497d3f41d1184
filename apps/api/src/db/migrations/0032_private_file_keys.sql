-- Face images and spreadsheets being imported are kept in the private store (UPLOAD_DIR, or a
-- bucket no browser reads), which every API machine reads by key: the database names them by key
-- (`faces/…`, `imports/…`), never by one machine's full path. A path written before is cut to the
-- part after its last `/faces/` or `/imports/`, which is where the file lies under UPLOAD_DIR.
UPDATE "scoring_profiles" SET "face_image_path" = 'faces/' || regexp_replace("face_image_path", '^.*/faces/', '')
WHERE "face_image_path" LIKE '%/faces/%';--> statement-breakpoint
UPDATE "import_jobs" SET "file_path" = 'imports/' || regexp_replace("file_path", '^.*/imports/', '')
WHERE "file_path" LIKE '%/imports/%';
