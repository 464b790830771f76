import { FormFields, HiddenFields } from './form-fields.tsx';
import { useSite } from './site-context.tsx';

const PRODUCTS = [
  ['tv', 'TV Repair'],
  ['ac', 'AC Repair'],
  ['refrigerator', 'Refrigerator Repair'],
  ['microwave', 'Microwave Repair'],
] as const;

/** The per-brand "Request Service" form: a native POST to the leads function (spec §5, §7). */
export function ServiceRequestForm({ brand, offered }: { brand: string; offered: Record<string, unknown> }) {
  const site = useSite();
  return (
    <form method="post" action={site.forms.serviceRequestEndpoint} className="space-y-4">
      <HiddenFields subject={`${brand} Service Request from Website`} extra={{ brandName: brand }} />
      <FormFields
        idPrefix="service-request"
        fields={[
          { name: 'name', label: 'Your name', type: 'text', autoComplete: 'name' },
          { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
          { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
          {
            name: 'serviceType',
            label: 'Service type',
            type: 'select',
            placeholder: 'Select Service Type',
            options: PRODUCTS.filter(([key]) => offered[key]).map(([value, label]) => ({ value, label })),
          },
          { name: 'area', label: `Your area in ${site.address.city}`, type: 'text', autoComplete: 'address-level3' },
          { name: 'message', label: 'Model and problem', type: 'textarea', rows: 4 },
        ]}
      />
      <button type="submit" className="inline-flex min-h-11 items-center rounded-lg bg-accent-600 px-5 py-2.5 font-semibold text-white hover:bg-accent-700">
        Request Service
      </button>
    </form>
  );
}
