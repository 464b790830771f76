import { z } from 'zod';
import { Slug } from './common.ts';

/** The icons a service card can show (drawn in src/components/icons.tsx). */
export const ServiceIcon = z.enum(['volume', 'cpu', 'monitor', 'zap', 'wrench', 'truck', 'wifi', 'layers', 'sun']);

/** One repair service; the six main ones are listed on /services with their anchors. */
export const ServiceSchema = z.strictObject({
  /** The anchor on /services, e.g. "screen-repair" (links use /services#screen-repair). */
  id: Slug,
  /** Card and section title, e.g. "Screen Repair". */
  title: z.string().min(3),
  /** One or two sentences for the card. */
  description: z.string().min(20),
  /** Icon name. */
  icon: ServiceIcon,
  /** Exactly five short feature lines. */
  features: z.array(z.string().min(3)).length(5),
  /** The id of its starting price in site.yaml `prices`, when it has one ("From ₹399"). */
  priceKey: z.string().min(1).optional(),
  /** Listed among the main six (true) or an extra section further down /services (false). */
  main: z.boolean().default(true),
});
export type Service = z.output<typeof ServiceSchema>;
export const ServicesSchema = z.array(ServiceSchema).min(1);
