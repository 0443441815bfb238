import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { pathTo, PROFILE_MESSAGES as M, splitFullName, toProfileUpdate, validateProfile, type ProfileErrors, type ProfileForm, type ProfileView } from '@solvr/contracts';
import { COUNTRIES, DEFAULT_COUNTRY_OPTION, findCountry, geo, regionsOf } from '@solvr/geo';
import { isException, selectUser, useAppDispatch, useAppSelector, userUpdated, type ApiErrorBody } from '@solvr/web-data';
import { useMyProfileQuery, useSaveProfileMutation } from '../accounts.api';

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

/** Prefills the form from what the account already has (e.g. a name from Google, an earlier partial save). */
function fromProfile(p: ProfileView): { form: ProfileForm; dialCountry: string } {
  const [first, last] = splitFullName(p.full_name);
  const country = (p.country && findCountry(p.country)) || DEFAULT_COUNTRY_OPTION;
  const phone = p.phone?.startsWith(country.dialCode) ? p.phone.slice(country.dialCode.length) : '';
  const text = (v: string | null) => v ?? '';
  return {
    dialCountry: country.code,
    form: {
      ...EMPTY,
      first_name: first,
      last_name: last,
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

/**
 * Complete Profile (spec sections 4 and 5): prefill, the shared rules on submit, the save, then the Dashboard.
 * The optional password block is offered only when the account really has no password (the api's has_password),
 * whatever the page's hasPassword query says: an existing password is changed with the current one instead.
 */
export function useCompleteProfile() {
  const user = useAppSelector(selectUser);
  const dispatch = useAppDispatch();
  const [, navigate] = useLocation();
  const { data: profile, isLoading, isError } = useMyProfileQuery();
  const [save, { isLoading: saving }] = useSaveProfileMutation();
  const [form, setForm] = useState<ProfileForm>(EMPTY);
  const [dialCountry, setDialCountry] = useState(DEFAULT_COUNTRY_OPTION.code);
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [banner, setBanner] = useState('');
  const [attempt, setAttempt] = useState(0);
  const askPassword = profile ? !profile.has_password : false;
  const fail = (message: string) => {
    setBanner(message);
    setAttempt((n) => n + 1);
  };

  useEffect(() => {
    if (!profile) return;
    // Spec section 4: a complete profile goes straight on to the Dashboard.
    if (profile.profile_completed) return void navigate(pathTo('Dashboard'), { replace: true });
    const prefill = fromProfile(profile);
    setForm(prefill.form);
    setDialCountry(prefill.dialCountry);
  }, [profile, navigate]);

  const regions = useMemo(() => regionsOf(form.country), [form.country]);
  const dialCode = COUNTRIES.find((c) => c.code === dialCountry)?.dialCode ?? DEFAULT_COUNTRY_OPTION.dialCode;

  /** Editing a field clears its error; changing the country also clears the state/province. */
  const set = (field: keyof ProfileForm, value: string) => {
    setForm((f) => ({ ...f, [field]: value, ...(field === 'country' ? { state_province: '' } : {}) }));
    setErrors((e) => ({ ...e, [field]: undefined, ...(field === 'country' ? { state_province: undefined } : {}) }));
  };

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const found = validateProfile(askPassword ? form : { ...form, password: '', confirm_password: '' }, geo);
    setErrors(found);
    if (Object.keys(found).length) return fail(M.invalidForm);
    setBanner('');
    try {
      const result = await save(toProfileUpdate(user?.id ?? '', askPassword ? form : { ...form, password: '' }, dialCode));
      if ('error' in result) {
        // Spec section 8: a save that throws (no answer, or a server failure) says so; a refusal shows the api's reasons.
        if (isException(result.error)) return fail(M.saveFailed);
        const body = (result.error as { data?: ApiErrorBody }).data;
        if (body?.errors) setErrors(body.errors as ProfileErrors);
        return fail(body?.message ?? M.saveUnsuccessful);
      }
      if (!result.data.success) return fail(M.saveUnsuccessful);
      if (user) dispatch(userUpdated({ ...user, full_name: result.data.profile.full_name, profile_completed: true, has_password: result.data.profile.has_password }));
      navigate(pathTo('Dashboard'));
    } catch {
      fail(M.saveFailed);
    }
  };

  return {
    email: profile?.email ?? user?.email,
    loading: isLoading,
    loadFailed: isError,
    form,
    set,
    errors,
    banner,
    attempt,
    askPassword,
    regions,
    dialCountry,
    setDialCountry,
    saving,
    submit,
  };
}
