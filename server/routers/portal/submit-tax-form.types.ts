import { taxFormBody, taxFormInput } from '../../contracts/tax-form';

export const submitTaxFormInput = taxFormInput;
export const submitTaxFormOutput = taxFormBody;
