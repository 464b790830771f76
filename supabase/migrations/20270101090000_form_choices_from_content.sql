-- form_choices_from_content: the contact form's services and the brand form's products are the
-- business's, from content/ (issue 36; docs/decisions/114-the-trade-is-content.md), so the table
-- no longer holds a list of them: the leads function takes exactly the choices the built site
-- offers (supabase/functions/_generated/content.json), and changing them needs no migration.
--
-- checks   leads_service_rule and leads_service_type_rule go; the other leads_<column>_rule are
--          set again from leadRulesSql() (supabase/functions/_shared/lead-rules.ts), unchanged.
--          The block between the "generated" lines is its output, verbatim
--          (tests/unit/leads-rules.test.ts), then leads_validate_rules() validates what it can.

-- begin generated: leadRulesSql()
alter table public.leads drop constraint if exists leads_name_rule,
  add constraint leads_name_rule check (
    name ~ U&'[^\0009-\000D \0085\00A0\00AD\034F\061C\115F-\1160\1680\17B4-\17B5\180B-\180F\2000-\200F\2028-\202F\205F-\206F\2800\3000\3164\FE00-\FE0F\FEFF\FFA0\FFF0-\FFFB\+013430-\+01343F\+01BCA0-\+01BCA3\+01D173-\+01D17A\+0E0000-\+0E0FFF]'
    and name ~ '^[^\u0000-\u001f\u007f-\u009f\u2028\u2029]*$'
    and length(name) <= 100) not valid;
alter table public.leads drop constraint if exists leads_email_rule,
  add constraint leads_email_rule check (
    email ~ '^[A-Za-z0-9.!#$%&''*+/=?^_`{|}~-]+@[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$'
    and length(email) <= 254) not valid;
alter table public.leads drop constraint if exists leads_phone_rule,
  add constraint leads_phone_rule check (
    phone ~ '^[ ().-]*[+]?[0-9 ().-]*$'
    and phone ~ '^[^0-9]*([0-9][^0-9]*){10,13}$'
    and length(phone) <= 30) not valid;
alter table public.leads drop constraint if exists leads_message_rule,
  add constraint leads_message_rule check (
    message ~ U&'[^\0009-\000D \0085\00A0\00AD\034F\061C\115F-\1160\1680\17B4-\17B5\180B-\180F\2000-\200F\2028-\202F\205F-\206F\2800\3000\3164\FE00-\FE0F\FEFF\FFA0\FFF0-\FFFB\+013430-\+01343F\+01BCA0-\+01BCA3\+01D173-\+01D17A\+0E0000-\+0E0FFF]'
    and message ~ '^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]*$'
    and length(message) <= 2000) not valid;
alter table public.leads drop constraint if exists leads_service_rule;
alter table public.leads drop constraint if exists leads_service_type_rule;
alter table public.leads drop constraint if exists leads_area_rule,
  add constraint leads_area_rule check (
    area ~ U&'[^\0009-\000D \0085\00A0\00AD\034F\061C\115F-\1160\1680\17B4-\17B5\180B-\180F\2000-\200F\2028-\202F\205F-\206F\2800\3000\3164\FE00-\FE0F\FEFF\FFA0\FFF0-\FFFB\+013430-\+01343F\+01BCA0-\+01BCA3\+01D173-\+01D17A\+0E0000-\+0E0FFF]'
    and area ~ '^[^\u0000-\u001f\u007f-\u009f\u2028\u2029]*$'
    and length(area) <= 100) not valid;
alter table public.leads drop constraint if exists leads_brand_name_rule,
  add constraint leads_brand_name_rule check (
    brand_name ~ U&'[^\0009-\000D \0085\00A0\00AD\034F\061C\115F-\1160\1680\17B4-\17B5\180B-\180F\2000-\200F\2028-\202F\205F-\206F\2800\3000\3164\FE00-\FE0F\FEFF\FFA0\FFF0-\FFFB\+013430-\+01343F\+01BCA0-\+01BCA3\+01D173-\+01D17A\+0E0000-\+0E0FFF]'
    and brand_name ~ '^[^\u0000-\u001f\u007f-\u009f\u2028\u2029]*$'
    and length(brand_name) <= 60) not valid;
alter table public.leads drop constraint if exists leads_subject_rule,
  add constraint leads_subject_rule check (
    subject ~ U&'[^\0009-\000D \0085\00A0\00AD\034F\061C\115F-\1160\1680\17B4-\17B5\180B-\180F\2000-\200F\2028-\202F\205F-\206F\2800\3000\3164\FE00-\FE0F\FEFF\FFA0\FFF0-\FFFB\+013430-\+01343F\+01BCA0-\+01BCA3\+01D173-\+01D17A\+0E0000-\+0E0FFF]'
    and subject ~ '^[^\u0000-\u001f\u007f-\u009f\u2028\u2029]*$'
    and length(subject) <= 100) not valid;
-- end generated: leadRulesSql()

select public.leads_validate_rules();
