// The package ships plain JSON (main: index.json) and no types.
declare module 'disposable-email-domains' {
  const domains: string[];
  export default domains;
}
