import { useRef } from 'react';
import { Editor, type EditorTextChangeEvent } from 'primereact/editor';
import { useTranslation } from 'react-i18next';

interface RichTextEditorProps {
  id: string;
  label: string;
  value: string;
  onChange: (html: string) => void;
  describedBy?: string | undefined;
}

interface QuillLike {
  root: HTMLElement;
  getSemanticHTML: () => string;
}

/**
 * Quill through PrimeReact's Editor with a small toolbar of named buttons (no pickers: they have no
 * accessible names). The HTML it gives is only a draft: the server sanitizes whatever it receives.
 */
export function RichTextEditor({ id, label, value, onChange, describedBy }: RichTextEditorProps) {
  const { t } = useTranslation();
  const quill = useRef<QuillLike | null>(null);
  const button = (format: string, icon: string, extra: Record<string, string> = {}) => (
    <button type="button" className={`ql-${format}`} aria-label={t(`toolsCommon.editor.${icon}`)} title={t(`toolsCommon.editor.${icon}`)} {...extra} />
  );
  const header = (
    <span className="ql-formats">
      {button('header', 'heading', { value: '3' })}
      {button('bold', 'bold')}
      {button('italic', 'italic')}
      {button('underline', 'underline')}
      {button('list', 'ordered', { value: 'ordered' })}
      {button('list', 'bullet', { value: 'bullet' })}
      {button('link', 'link')}
      {button('clean', 'clean')}
    </span>
  );
  return (
    <Editor
      id={id}
      value={value}
      headerTemplate={header}
      style={{ minHeight: '10rem' }}
      onLoad={(instance: unknown) => {
        const loaded = instance as QuillLike;
        quill.current = loaded;
        loaded.root.setAttribute('aria-label', label);
        loaded.root.setAttribute('role', 'textbox');
        loaded.root.setAttribute('aria-multiline', 'true');
        if (describedBy) loaded.root.setAttribute('aria-describedby', describedBy);
        loaded.root.dataset.testid = `${id}-input`;
      }}
      onTextChange={(event: EditorTextChangeEvent) => {
        // Quill 2 keeps lists as <ol data-list>; the semantic HTML has real <ul>/<ol>.
        const html = quill.current?.getSemanticHTML() ?? event.htmlValue ?? '';
        onChange(event.textValue.trim() === '' ? '' : html);
      }}
    />
  );
}
