import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PROFILE_MESSAGES as M, toProfileUpdate, validateProfile, type ProfileErrors, type ProfileForm } from '@solvr/contracts';
import { COUNTRIES, DEFAULT_COUNTRY_OPTION, findCountry, geo, regionsOf } from '@solvr/geo';
import { Alert, Button, Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle, Field, Input, PasswordChecklist, SearchableSelect, Spinner } from '@solvr/web-ui';
import { selectUser, useAppDispatch, useAppSelector, userUpdated, type ApiErrorBody } from '@solvr/web-data';
import { useMyProfileQuery, useSaveProfileMutation, type ProfileView } from '../profile.api';

const EMPTY: ProfileForm = {
  first_name: '',
  last_name: '',
  phone: '',
  street_address_1: '',
  street_address_2: '',
  city: '',
  state_province: '',
  postal_code: '',
  country: DEFAULT_COUNTRY_OPTION.name,
  company: '',
  job_title: '',
  password: '',
  confirm_password: '',
};

const COUNTRY_OPTIONS = COUNTRIES.map((c) => ({ value: c.name, label: c.name, icon: c.flag }));
const DIAL_OPTIONS = COUNTRIES.map((c) => ({ value: c.code, label: `${c.dialCode} ${c.name}`, hint: c.dialCode, icon: c.flag }));

/** Prefills the form from what the account already has (e.g. a name from Google, an earlier partial save). */
function fromProfile(p: ProfileView): { form: ProfileForm; dialCode: string } {
  const [first = '', ...rest] = (p.full_name ?? '').split(' ');
  const country = (p.country && findCountry(p.country)) || DEFAULT_COUNTRY_OPTION;
  const phone = p.phone?.startsWith(country.dialCode) ? p.phone.slice(country.dialCode.length) : '';
  const text = (v: string | null) => v ?? '';
  return {
    dialCode: country.code,
    form: {
      ...EMPTY,
      first_name: first,
      last_name: rest.join(' '),
      phone,
      street_address_1: text(p.street_address_1),
      street_address_2: text(p.street_address_2),
      city: text(p.city),
      state_province: text(p.state_province),
      postal_code: text(p.postal_code),
      country: country.name,
      company: text(p.company),
      job_title: text(p.job_title),
    },
  };
}

export default function CompleteProfile() {
  const [params] = useSearchParams();
  const showPassword = params.get('hasPassword') === 'no';
  const user = useAppSelector(selectUser);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { data: profile, isLoading, isError } = useMyProfileQuery();
  const [save, { isLoading: saving }] = useSaveProfileMutation();
  const [form, setForm] = useState<ProfileForm>(EMPTY);
  const [dialCountry, setDialCountry] = useState(DEFAULT_COUNTRY_OPTION.code);
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [banner, setBanner] = useState('');

  useEffect(() => {
    if (!profile) return;
    // Spec section 4: a complete profile goes straight on to the Dashboard.
    if (profile.profile_completed) return void navigate('/Dashboard', { replace: true });
    const prefill = fromProfile(profile);
    setForm(prefill.form);
    setDialCountry(prefill.dialCode);
  }, [profile, navigate]);

  const regions = useMemo(() => regionsOf(form.country), [form.country]);
  const dialCode = COUNTRIES.find((c) => c.code === dialCountry)?.dialCode ?? DEFAULT_COUNTRY_OPTION.dialCode;

  const set = (field: keyof ProfileForm, value: string) => {
    setForm((f) => ({ ...f, [field]: value, ...(field === 'country' ? { state_province: '' } : {}) }));
    setErrors((e) => ({ ...e, [field]: undefined, ...(field === 'country' ? { state_province: undefined } : {}) }));
  };
  const input = (field: keyof ProfileForm) => ({
    id: field,
    value: form[field] ?? '',
    invalid: !!errors[field],
    onChange: (e: { target: { value: string } }) => set(field, e.target.value),
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateProfile(showPassword ? form : { ...form, password: '', confirm_password: '' }, geo);
    setErrors(found);
    if (Object.keys(found).length) return setBanner(M.invalidForm);
    setBanner('');
    try {
      const result = await save(toProfileUpdate(user?.id ?? '', showPassword ? form : { ...form, password: '' }, dialCode));
      if ('error' in result) {
        const body = (result.error as { data?: ApiErrorBody }).data;
        if (body?.errors) setErrors(body.errors as ProfileErrors);
        return setBanner(body?.message ?? M.saveUnsuccessful);
      }
      if (!result.data.success) return setBanner(M.saveUnsuccessful);
      if (user) dispatch(userUpdated({ ...user, full_name: result.data.profile.full_name, profile_completed: true, has_password: result.data.profile.has_password }));
      navigate('/Dashboard');
    } catch {
      setBanner(M.saveFailed);
    }
  };

  if (isLoading)
    return (
      <div className="pt-bare">
        <Spinner />
      </div>
    );

  return (
    <div className="pt-bare">
      <Card className="pt-form-card">
        <CardHeader>
          <CardTitle>Complete Your Profile</CardTitle>
          <CardDescription>{profile?.email ?? user?.email}</CardDescription>
        </CardHeader>
        <form onSubmit={submit} noValidate>
          <CardContent className="pt-form">
            {isError && <Alert variant="error">{M.loadFailed}</Alert>}
            {banner && <Alert variant="error">{banner}</Alert>}
            <div className="pt-form-row">
              <Field label="First name" htmlFor="first_name" error={errors.first_name} required>
                <Input {...input('first_name')} autoComplete="given-name" />
              </Field>
              <Field label="Last name" htmlFor="last_name" error={errors.last_name} required>
                <Input {...input('last_name')} autoComplete="family-name" />
              </Field>
            </div>
            <Field label="Phone" htmlFor="phone" error={errors.phone} required>
              <div className="pt-phone">
                <SearchableSelect
                  aria-label="Country dial code"
                  options={DIAL_OPTIONS}
                  value={dialCountry}
                  onChange={setDialCountry}
                  searchPlaceholder="Search countries..."
                />
                <Input {...input('phone')} type="tel" autoComplete="tel-national" placeholder="(555) 123-4567" />
              </div>
            </Field>
            {showPassword && (
              <fieldset className="pt-fieldset">
                <legend>Set a password (optional)</legend>
                <p className="pt-muted">Lets you sign in with your e-mail as well as with Google.</p>
                <Field label="Password" htmlFor="password" error={errors.password}>
                  <Input {...input('password')} type="password" autoComplete="new-password" />
                </Field>
                <PasswordChecklist password={form.password ?? ''} />
                <Field label="Confirm password" htmlFor="confirm_password" error={errors.confirm_password}>
                  <Input {...input('confirm_password')} type="password" autoComplete="new-password" />
                </Field>
              </fieldset>
            )}
            <Field label="Street address" htmlFor="street_address_1" error={errors.street_address_1} required>
              <Input {...input('street_address_1')} autoComplete="address-line1" />
            </Field>
            <Field label="Street address line 2 (optional)" htmlFor="street_address_2">
              <Input {...input('street_address_2')} autoComplete="address-line2" />
            </Field>
            <div className="pt-form-row">
              <Field label="City" htmlFor="city" error={errors.city} required>
                <Input {...input('city')} autoComplete="address-level2" />
              </Field>
              <Field label="State/Province" htmlFor="state_province" error={errors.state_province} required>
                {regions ? (
                  <SearchableSelect
                    id="state_province"
                    options={regions.map((r) => ({ value: r, label: r }))}
                    value={form.state_province || null}
                    onChange={(v) => set('state_province', v)}
                    placeholder="Select state/province"
                    invalid={!!errors.state_province}
                  />
                ) : (
                  <Input {...input('state_province')} autoComplete="address-level1" />
                )}
              </Field>
            </div>
            <div className="pt-form-row">
              <Field label="Postal/ZIP code" htmlFor="postal_code" error={errors.postal_code} required>
                <Input {...input('postal_code')} autoComplete="postal-code" />
              </Field>
              <Field label="Country" htmlFor="country" error={errors.country} required>
                <SearchableSelect
                  id="country"
                  options={COUNTRY_OPTIONS}
                  value={form.country || null}
                  onChange={(v) => set('country', v)}
                  searchPlaceholder="Search countries..."
                  invalid={!!errors.country}
                />
              </Field>
            </div>
            <div className="pt-form-row">
              <Field label="Company (optional)" htmlFor="company">
                <Input {...input('company')} autoComplete="organization" />
              </Field>
              <Field label="Job title (optional)" htmlFor="job_title">
                <Input {...input('job_title')} autoComplete="organization-title" />
              </Field>
            </div>
          </CardContent>
          <CardFooter className="pt-form-footer">
            <Button type="submit" fullWidth loading={saving}>
              {saving ? 'Saving Profile...' : 'Complete Profile'}
            </Button>
            <p className="pt-muted">{M.footer}</p>
          </CardFooter>
        </form>
      </Card>
    </div>
  );
}
