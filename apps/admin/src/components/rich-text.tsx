import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useI18n } from '../lib/i18n.tsx';
import { Button, cn } from './ui.tsx';

/** A link the shop's pages may carry: an https address, mail, a phone, or a path of the shop. */
const LINK = /^(https:\/\/\S+|mailto:\S+@\S+|tel:\+?\d{5,15}|\/(?!\/)\S*)$/;

/**
 * The content pages' editor: bold, italic, headings (h2, h3), lists and links, and nothing the
 * storefront does not draw. Its value is HTML; the server sanitises it again on save.
 */
export function RichTextEditor({
  label,
  value,
  onChange,
  error,
  disabled = false,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string | undefined;
  disabled?: boolean;
}) {
  const { t } = useI18n();
  const id = useId();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        blockquote: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        underline: false,
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          HTMLAttributes: { target: null, rel: null },
          isAllowedUri: (url) => LINK.test(url),
        },
      }),
    ],
    content: value,
    editable: !disabled,
    // the back office's policy refuses injected styles: the editor's own rules are in styles.css
    injectCSS: false,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        ...(error ? { 'aria-invalid': 'true', 'aria-describedby': `${id}-error` } : {}),
        class: cn(
          'min-h-56 px-3 py-2 outline-none',
          '[&_h2]:mt-3 [&_h2]:mb-1 [&_h2]:text-lg [&_h2]:font-semibold',
          '[&_h3]:mt-2 [&_h3]:mb-1 [&_h3]:text-base [&_h3]:font-semibold',
          '[&_p]:my-1.5 [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:list-decimal [&_ol]:pl-5',
          '[&_a]:text-primary [&_a]:underline',
        ),
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });
  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);
  // a value set from outside (the form reset to what the server kept) replaces the text
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (value !== current) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      h2: e?.isActive('heading', { level: 2 }) ?? false,
      h3: e?.isActive('heading', { level: 3 }) ?? false,
      bullets: e?.isActive('bulletList') ?? false,
      numbers: e?.isActive('orderedList') ?? false,
      link: e?.isActive('link') ? String(e.getAttributes('link').href ?? '') : null,
    }),
  });
  const [linkDraft, setLinkDraft] = useState<string | null>(null);
  const linkInvalid = linkDraft !== null && linkDraft.trim() !== '' && !LINK.test(linkDraft.trim());
  const chain = () => editor?.chain().focus();

  const tool = (name: string, active: boolean, run: () => void, content: ReactNode) => (
    <button
      type="button"
      title={name}
      aria-label={name}
      aria-pressed={active}
      disabled={disabled || !editor}
      onMouseDown={(event) => event.preventDefault()}
      onClick={run}
      className={cn(
        'grid h-8 min-w-8 place-items-center rounded-control px-1.5 text-sm font-semibold',
        active ? 'bg-primary-soft text-primary' : 'text-ink hover:bg-page',
      )}
    >
      {content}
    </button>
  );

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted">
        {label}
      </label>
      <div
        className={cn(
          'rounded-control border bg-white',
          error ? 'border-danger' : 'border-line',
          disabled && 'bg-page',
        )}
      >
        <div
          role="toolbar"
          aria-label={t('richText.toolbar')}
          className="flex flex-wrap items-center gap-0.5 border-b border-line p-1"
        >
          {tool(t('richText.bold'), state?.bold ?? false, () => chain()?.toggleBold().run(), 'B')}
          {tool(
            t('richText.italic'),
            state?.italic ?? false,
            () => chain()?.toggleItalic().run(),
            <span className="italic">I</span>,
          )}
          {tool(
            t('richText.heading2'),
            state?.h2 ?? false,
            () => chain()?.toggleHeading({ level: 2 }).run(),
            'H2',
          )}
          {tool(
            t('richText.heading3'),
            state?.h3 ?? false,
            () => chain()?.toggleHeading({ level: 3 }).run(),
            'H3',
          )}
          {tool(
            t('richText.bullets'),
            state?.bullets ?? false,
            () => chain()?.toggleBulletList().run(),
            '•',
          )}
          {tool(
            t('richText.numbers'),
            state?.numbers ?? false,
            () => chain()?.toggleOrderedList().run(),
            '1.',
          )}
          {tool(
            t('richText.link'),
            state?.link != null,
            () => setLinkDraft(state?.link ?? ''),
            <span className="underline">{t('richText.linkShort')}</span>,
          )}
        </div>
        {linkDraft !== null && (
          <div className="flex flex-wrap items-start gap-2 border-b border-line bg-page/50 p-2">
            <div className="flex min-w-64 flex-1 flex-col gap-1">
              <input
                // biome-ignore lint/a11y/noAutofocus: the field opened by the link button
                autoFocus
                aria-label={t('richText.linkAddress')}
                aria-invalid={linkInvalid || undefined}
                placeholder="https://… /delivery"
                value={linkDraft}
                onChange={(event) => setLinkDraft(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Escape') setLinkDraft(null);
                }}
                className="h-8 rounded-control border border-line bg-white px-2 aria-[invalid=true]:border-danger"
              />
              {linkInvalid && <p className="text-xs text-danger">{t('richText.linkInvalid')}</p>}
            </div>
            <Button
              className="h-8"
              variant="primary"
              disabled={linkInvalid || linkDraft.trim() === ''}
              onClick={() => {
                chain()?.extendMarkRange('link').setLink({ href: linkDraft.trim() }).run();
                setLinkDraft(null);
              }}
            >
              {t('richText.linkApply')}
            </Button>
            {state?.link != null && (
              <Button
                className="h-8"
                onClick={() => {
                  chain()?.extendMarkRange('link').unsetLink().run();
                  setLinkDraft(null);
                }}
              >
                {t('richText.linkRemove')}
              </Button>
            )}
            <Button className="h-8" variant="ghost" onClick={() => setLinkDraft(null)}>
              {t('common.cancel')}
            </Button>
          </div>
        )}
        <EditorContent editor={editor} />
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
