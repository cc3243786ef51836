export {
  codeProblem,
  confirmationProblem,
  confirmsDeletion,
  currentPasswordProblem,
  DELETE_PHRASE,
  emailProblem,
  LIMITS,
  nameProblem,
  newEmailProblem,
  newPasswordProblem,
  passwordProblem,
  signUpPasswordProblem,
} from './account-rules';
export type { Problem, ValidationKey } from './account-rules';
export { serverFieldErrors } from './server-field-errors';
export { useProblemText } from './use-problem-text';
