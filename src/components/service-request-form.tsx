import { FormFields, HiddenFields } from './form-fields.tsx';
import { useSiteData, useT } from './site-context.tsx';
import { translate } from '../i18n/translate.ts';

/** The per-brand "Request Service" form: a native POST to the leads function (spec §5, §7); it offers the brand's products, in site.yaml's order. */
export function ServiceRequestForm({ brand, offered }: { brand: string; offered: Record<string, unknown> }) {
  const { site, subjects } = useSiteData();
  const t = useT();
  return (
    <form method="post" action={site.forms.serviceRequestEndpoint} className="space-y-4">
      <HiddenFields subject={translate(subjects, 'functions.subject.serviceRequest', { brand })} brand={brand} />
      <FormFields
        idPrefix="service-request"
        fields={[
          { name: 'name', label: t('forms.fields.name'), type: 'text', autoComplete: 'name' },
          { name: 'email', label: t('forms.fields.email'), type: 'email', autoComplete: 'email' },
          { name: 'phone', label: t('forms.fields.phone'), type: 'tel', autoComplete: 'tel' },
          {
            name: 'serviceType',
            label: t('forms.serviceRequest.serviceType.label'),
            type: 'select',
            placeholder: t('forms.serviceRequest.serviceType.placeholder'),
            options: Object.keys(site.products).filter((id) => offered[id]).map((value) => ({ value, label: t(`serviceCenter.brand.products.${value}`) })),
          },
          { name: 'area', label: t('forms.serviceRequest.area', { city: site.address.city }), type: 'text', autoComplete: 'address-level3' },
          { name: 'message', label: t('forms.serviceRequest.message'), type: 'textarea', rows: 4 },
        ]}
      />
      <button type="submit" className="inline-flex min-h-11 items-center rounded-lg bg-accent-600 px-5 py-2.5 font-semibold text-white hover:bg-accent-700">
        {t('forms.serviceRequest.submit')}
      </button>
    </form>
  );
}
