import { useSiteData, useT } from './site-context.tsx';

interface FieldSpec {
  name: string;
  label: string;
  type: 'text' | 'email' | 'tel' | 'textarea' | 'select';
  autoComplete?: string;
  rows?: number;
  /** For selects: the empty first option's text, and the options. */
  placeholder?: string;
  options?: { value: string; label: string }[];
}

const INPUT = 'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-ink placeholder:text-slate-500 focus:border-brand-600';

/** Labelled form controls, every one required (spec §5). */
export function FormFields({ fields, idPrefix }: { fields: FieldSpec[]; idPrefix: string }) {
  return (
    <>
      {fields.map((f) => {
        const id = `${idPrefix}-${f.name}`;
        return (
          <div key={f.name}>
            <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
              {f.label}
              <span aria-hidden="true" className="text-accent-700"> *</span>
            </label>
            {f.type === 'textarea' ? (
              <textarea id={id} name={f.name} rows={f.rows ?? 4} required className={INPUT} />
            ) : f.type === 'select' ? (
              <select id={id} name={f.name} required className={INPUT} defaultValue="">
                <option value="">{f.placeholder}</option>
                {f.options?.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={id}
                name={f.name}
                type={f.type}
                autoComplete={f.autoComplete}
                required
                className={INPUT}
              />
            )}
          </div>
        );
      })}
    </>
  );
}

/**
 * The hidden fields every form sends: the subject (spec §7) and a honeypot. The leads function
 * sends the visitor to the thank-you page itself, so no redirect field is needed.
 */
export function HiddenFields({ subject, brand }: { subject: string; brand?: string }) {
  return (
    <>
      <input type="hidden" name="subject" value={subject} />
      {brand !== undefined && <input type="hidden" name="brandName" value={brand} />}
      <Honeypot />
    </>
  );
}

/** A field people never see and bots fill in; the leads function drops what has it. */
export function Honeypot() {
  const { site } = useSiteData();
  const t = useT();
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] size-px overflow-hidden">
      <label>
        {t('forms.honeypot')}
        <input type="text" name={site.forms.honeypotField} tabIndex={-1} autoComplete="off" />
      </label>
    </div>
  );
}
