import { ACCOUNT_TEXTS, PROFILE_MESSAGES as M, type ProfileForm } from '@solvr/contracts';
import { COUNTRIES } from '@solvr/geo';
import { Alert, Button, Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle, ErrorSummary, Spinner } from '@solvr/web-ui';
import { Field, Input, PasswordChecklist, SearchableSelect } from '@solvr/web-ui/forms';
import { useCompleteProfile } from './use-complete-profile';

const T = ACCOUNT_TEXTS.profile;
const COUNTRY_OPTIONS = COUNTRIES.map((c) => ({ value: c.name, label: c.name, icon: c.flag }));
// The list shows each country in full with its code once; the closed picker shows the flag and the code.
const DIAL_OPTIONS = COUNTRIES.map((c) => ({ value: c.code, label: c.name, hint: c.dialCode, valueLabel: c.dialCode, icon: c.flag }));

/** The Complete Profile form of spec section 2 (loaded on demand: it carries the country and region lists). */
export default function CompleteProfileForm() {
  const p = useCompleteProfile();
  const input = (field: keyof ProfileForm) => ({
    id: field,
    value: p.form[field] ?? '',
    invalid: !!p.errors[field],
    onChange: (e: { target: { value: string } }) => p.set(field, e.target.value),
  });

  if (p.loading)
    return (
      <div className="acc-bare">
        <Spinner />
      </div>
    );

  return (
    <main className="acc-bare">
      <Card className="acc-form-card">
        <CardHeader>
          <CardTitle as="h1">{T.title}</CardTitle>
          <CardDescription>{p.email}</CardDescription>
        </CardHeader>
        <form onSubmit={p.submit} noValidate>
          <CardContent className="acc-form">
            {p.loadFailed && <Alert variant="error">{M.loadFailed}</Alert>}
            <ErrorSummary message={p.banner} attempt={p.attempt} />
            <div className="acc-form-row">
              <Field label={T.firstName} htmlFor="first_name" error={p.errors.first_name} required>
                <Input {...input('first_name')} autoComplete="given-name" />
              </Field>
              <Field label={T.lastName} htmlFor="last_name" error={p.errors.last_name} required>
                <Input {...input('last_name')} autoComplete="family-name" />
              </Field>
            </div>
            <Field label={T.phone} htmlFor="phone" error={p.errors.phone} required>
              {(control) => (
                <div className="acc-phone">
                  <SearchableSelect
                    aria-label={T.dialCode}
                    options={DIAL_OPTIONS}
                    value={p.dialCountry}
                    onChange={p.setDialCountry}
                    searchPlaceholder={T.searchCountries}
                  />
                  <Input {...input('phone')} {...control} type="tel" autoComplete="tel-national" placeholder="(555) 123-4567" />
                </div>
              )}
            </Field>
            {p.askPassword && (
              <fieldset className="acc-fieldset">
                <legend>{T.passwordLegend}</legend>
                <p className="acc-muted">{T.passwordNote}</p>
                <Field label={T.password} htmlFor="password" error={p.errors.password}>
                  <Input {...input('password')} type="password" autoComplete="new-password" />
                </Field>
                <PasswordChecklist password={p.form.password ?? ''} />
                <Field label={T.confirmPassword} htmlFor="confirm_password" error={p.errors.confirm_password}>
                  <Input {...input('confirm_password')} type="password" autoComplete="new-password" />
                </Field>
              </fieldset>
            )}
            <Field label={T.street1} htmlFor="street_address_1" error={p.errors.street_address_1} required>
              <Input {...input('street_address_1')} autoComplete="address-line1" />
            </Field>
            <Field label={T.street2} htmlFor="street_address_2">
              <Input {...input('street_address_2')} autoComplete="address-line2" />
            </Field>
            <div className="acc-form-row">
              <Field label={T.city} htmlFor="city" error={p.errors.city} required>
                <Input {...input('city')} autoComplete="address-level2" />
              </Field>
              <Field label={T.state} htmlFor="state_province" error={p.errors.state_province} required>
                {p.regions ? (
                  <SearchableSelect
                    id="state_province"
                    options={p.regions.map((r) => ({ value: r, label: r }))}
                    value={p.form.state_province || null}
                    onChange={(v) => p.set('state_province', v)}
                    placeholder={T.selectState}
                    invalid={!!p.errors.state_province}
                  />
                ) : (
                  <Input {...input('state_province')} autoComplete="address-level1" />
                )}
              </Field>
            </div>
            <div className="acc-form-row">
              <Field label={T.postal} htmlFor="postal_code" error={p.errors.postal_code} required>
                <Input {...input('postal_code')} autoComplete="postal-code" />
              </Field>
              <Field label={T.country} htmlFor="country" error={p.errors.country} required>
                <SearchableSelect
                  id="country"
                  options={COUNTRY_OPTIONS}
                  value={p.form.country || null}
                  onChange={(v) => p.set('country', v)}
                  searchPlaceholder={T.searchCountries}
                  invalid={!!p.errors.country}
                />
              </Field>
            </div>
            <div className="acc-form-row">
              <Field label={T.company} htmlFor="company">
                <Input {...input('company')} autoComplete="organization" />
              </Field>
              <Field label={T.jobTitle} htmlFor="job_title">
                <Input {...input('job_title')} autoComplete="organization-title" />
              </Field>
            </div>
          </CardContent>
          <CardFooter className="acc-form-footer">
            <Button type="submit" fullWidth loading={p.saving}>
              {p.saving ? T.saving : T.submit}
            </Button>
            <p className="acc-muted">{M.footer}</p>
          </CardFooter>
        </form>
      </Card>
    </main>
  );
}
