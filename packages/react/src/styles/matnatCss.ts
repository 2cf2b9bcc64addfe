import { breakpoints, themeVar as v } from './theme';

const R = '.matnat-root';

/**
 * The UI kit's and shop's styles. Every rule is scoped under `.matnat-root` and names only `matnat-`
 * classes: nothing reaches the host page's own elements, and there is no reset.
 */
export const uiCss = `
${R}{font-family:${v('font')};font-size:${v('font-size')};color:${v('text')};line-height:1.5}
${R} .matnat-visually-hidden{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
${R} .matnat-icon{width:1.25em;height:1.25em;flex:none;fill:none;stroke:currentColor;stroke-width:2;stroke-linecap:round;stroke-linejoin:round}
${R} .matnat-button{display:inline-flex;align-items:center;justify-content:center;gap:.5rem;box-sizing:border-box;min-height:2.5rem;padding:.5rem 1rem;border:1px solid transparent;border-radius:${v('radius')};font:inherit;font-weight:600;cursor:pointer;background:${v('primary')};color:${v('primary-contrast')};text-decoration:none}
${R} .matnat-button:hover{background:${v('primary-hover')}}
${R} .matnat-button:focus-visible,${R} .matnat-dropdown__button:focus-visible,${R} .matnat-dropdown__list:focus-visible,${R} .matnat-bell__button:focus-visible,${R} .matnat-field__input:focus-visible{outline:2px solid ${v('focus')};outline-offset:2px}
${R} .matnat-button:disabled{opacity:.5;cursor:not-allowed}
${R} .matnat-button--secondary{background:${v('surface')};color:${v('text')};border-color:${v('border')}}
${R} .matnat-button--secondary:hover,${R} .matnat-button--back:hover,${R} .matnat-button--borderless:hover{background:${v('surface-alt')}}
${R} .matnat-button--edit{background:${v('surface')};color:${v('primary')};border-color:${v('primary')}}
${R} .matnat-button--edit:hover{background:${v('surface-alt')}}
${R} .matnat-button--remove{background:${v('danger')};color:#fff}
${R} .matnat-button--remove:hover{background:${v('danger-hover')}}
${R} .matnat-button--back{background:transparent;color:${v('text')};border-color:${v('border')}}
${R} .matnat-button--borderless{background:transparent;color:${v('primary')};padding:.25rem .5rem}
${R} .matnat-button--icon-only{padding:.5rem;min-width:2.5rem}
${R} .matnat-dropdown{position:relative;display:inline-block}
${R} .matnat-dropdown__button{display:inline-flex;align-items:center;justify-content:space-between;gap:.5rem;min-width:10rem;min-height:2.5rem;padding:.5rem .75rem;border:1px solid ${v('border')};border-radius:${v('radius')};background:${v('surface')};color:${v('text')};font:inherit;cursor:pointer}
${R} .matnat-dropdown__button:disabled{opacity:.5;cursor:not-allowed}
${R} .matnat-dropdown__placeholder{color:${v('muted')}}
${R} .matnat-dropdown__list{position:absolute;z-index:${v('z-index')};top:calc(100% + .25rem);left:0;min-width:100%;max-height:16rem;overflow:auto;margin:0;padding:.25rem 0;list-style:none;background:${v('surface')};border:1px solid ${v('border')};border-radius:${v('radius')};box-shadow:${v('shadow')}}
${R} .matnat-dropdown__option{padding:.5rem .75rem;cursor:pointer;white-space:nowrap}
${R} .matnat-dropdown__option--active{background:${v('surface-alt')}}
${R} .matnat-dropdown__option[aria-selected="true"]{font-weight:600;color:${v('primary')}}
${R} .matnat-avatar{display:inline-flex;align-items:center;justify-content:center;flex:none;overflow:hidden;border-radius:9999px;background:${v('primary')};color:${v('primary-contrast')};font-size:.75rem;font-weight:600;text-transform:uppercase}
${R} .matnat-avatar--large-text{font-size:1rem}
${R} .matnat-avatar__photo{width:100%;height:100%;object-fit:cover}
${R} .matnat-toasts{position:fixed;z-index:${v('z-index')};right:1rem;bottom:1rem;left:1rem;display:flex;flex-direction:column;gap:.5rem;pointer-events:none}
${R} .matnat-toast{display:flex;align-items:flex-start;gap:.75rem;padding:.75rem 1rem;border-left:4px solid ${v('success')};border-radius:${v('radius')};background:${v('surface')};box-shadow:${v('shadow')};pointer-events:auto}
${R} .matnat-toast--failure{border-left-color:${v('danger')}}
${R} .matnat-toast--warn{border-left-color:${v('warn')}}
${R} .matnat-toast__icon--success{color:${v('success')}}
${R} .matnat-toast__icon--failure{color:${v('danger')}}
${R} .matnat-toast__body{flex:1}
${R} .matnat-toast__title{margin:0;font-weight:600}
${R} .matnat-toast__message{margin:0}
${R} .matnat-toast__title+.matnat-toast__message{color:${v('muted')}}
${R} .matnat-dialog__backdrop{position:fixed;inset:0;z-index:${v('z-index')};display:flex;align-items:center;justify-content:center;padding:1rem;background:rgba(17,24,39,.5)}
${R} .matnat-dialog{box-sizing:border-box;width:100%;max-width:28rem;padding:1.5rem;border-radius:${v('radius')};background:${v('surface')};box-shadow:${v('shadow')}}
${R} .matnat-dialog__title{margin:0 0 .5rem;color:${v('text')};font-size:1.125rem;font-weight:600}
${R} .matnat-dialog__body{margin:0 0 1.5rem;color:${v('muted')}}
${R} .matnat-dialog__actions{display:flex;flex-direction:column-reverse;gap:.5rem}
${R} .matnat-progress{position:fixed;z-index:${v('z-index')};top:0;left:0;right:0;height:3px;pointer-events:none}
${R} .matnat-progress--failed .matnat-progress__bar{background:${v('danger')}}
${R} .matnat-progress__bar{height:100%;background:${v('primary')};transition:width .1s linear,opacity .3s}
${R} .matnat-bell{position:relative;display:inline-block}
${R} .matnat-bell__button{position:relative;display:inline-flex;padding:.5rem;border:0;border-radius:9999px;background:transparent;color:${v('text')};cursor:pointer}
${R} .matnat-bell__dot{position:absolute;top:.375rem;right:.375rem;width:.5rem;height:.5rem;border-radius:9999px;background:${v('danger')}}
${R} .matnat-bell__menu{position:absolute;z-index:${v('z-index')};right:0;top:calc(100% + .25rem);width:18rem;max-width:calc(100vw - 2rem);padding:.25rem 0;background:${v('surface')};border:1px solid ${v('border')};border-radius:${v('radius')};box-shadow:${v('shadow')}}
${R} .matnat-bell__menu--start{right:auto;left:0}
${R} .matnat-bell__empty{margin:0;padding:.75rem 1rem;color:${v('muted')}}
${R} .matnat-bell__item{display:block;box-sizing:border-box;width:100%;padding:.75rem 1rem;border:0;background:transparent;color:${v('text')};font:inherit;text-align:left;cursor:pointer}
${R} .matnat-bell__item:hover,${R} .matnat-bell__item:focus-visible{background:${v('surface-alt')};outline:none}
${R} .matnat-bell__time{display:block;margin-top:.125rem;font-size:.75rem;color:${v('muted')}}
${R} .matnat-impersonation{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.5rem;padding:.5rem 1rem;background:${v('warn')};color:#fff}
${R} .matnat-impersonation__text{margin:0;font-weight:600}
${R} .matnat-form-errors{margin:0 0 1rem;padding:.75rem 1rem;border-radius:${v('radius')};background:#fef2f2;color:${v('danger')}}
${R} .matnat-form-errors__list{margin:0;padding-left:1.25rem}
${R} .matnat-field{display:flex;flex-direction:column;gap:.25rem;margin-bottom:1rem}
${R} .matnat-field__label{font-weight:600}
${R} .matnat-field__input{box-sizing:border-box;width:100%;min-height:2.5rem;padding:.5rem .75rem;border:1px solid ${v('border')};border-radius:${v('radius')};background:${v('surface')};color:${v('text')};font:inherit}
${R} .matnat-field__input[aria-invalid="true"]{border-color:${v('danger')}}
${R} .matnat-field__error{margin:0;color:${v('danger')};font-size:.875rem}
${R} .matnat-shop__grid{display:grid;grid-template-columns:1fr;gap:1rem;margin:0;padding:0;list-style:none}
${R} .matnat-card{display:flex;flex-direction:column;height:100%;box-sizing:border-box;overflow:hidden;border:1px solid ${v('border')};border-radius:${v('radius')};background:${v('surface')}}
${R} .matnat-card__image{width:100%;aspect-ratio:4/3;object-fit:cover;background:${v('surface-alt')}}
${R} .matnat-card__body{display:flex;flex:1;flex-direction:column;gap:.5rem;padding:1rem}
${R} .matnat-card__title{margin:0;color:${v('text')};font-size:1.125rem;font-weight:600}
${R} .matnat-card__link{color:inherit;text-decoration:none}
${R} .matnat-card__link:hover{text-decoration:underline}
${R} .matnat-card__description{flex:1;margin:0;color:${v('muted')}}
${R} .matnat-price{font-weight:700;color:${v('text')}}
${R} .matnat-product{display:grid;grid-template-columns:1fr;gap:1.5rem}
${R} .matnat-product__image{width:100%;border-radius:${v('radius')};object-fit:cover}
${R} .matnat-product__title{margin:0 0 .5rem;color:${v('text')};font-size:1.5rem}
${R} .matnat-cart__list{margin:0 0 1rem;padding:0;list-style:none}
${R} .matnat-cart__item{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.5rem;padding:.75rem 0;border-bottom:1px solid ${v('border')}}
${R} .matnat-cart__actions{display:flex;gap:.5rem}
${R} .matnat-cart__total{display:flex;justify-content:space-between;font-weight:700}
${R} .matnat-order__title{margin:0 0 1rem;color:${v('text')};font-size:1.25rem}
${R} .matnat-order__grid{display:grid;grid-template-columns:1fr;column-gap:1rem;min-width:0;margin:0 0 1rem;padding:0;border:0}
${R} .matnat-order__success{padding:1rem;border-radius:${v('radius')};background:#f0fdf4;color:#166534;font-weight:600}
${R} .matnat-status{padding:1rem;color:${v('muted')}}
@media (min-width:${breakpoints.xs}px){${R} .matnat-toasts{left:auto;width:22rem;max-width:calc(100vw - 2rem)}}
@media (min-width:${breakpoints.sm}px){${R} .matnat-shop__grid{grid-template-columns:repeat(2,minmax(0,1fr))}}
@media (min-width:${breakpoints.md}px){${R} .matnat-dialog__actions{flex-direction:row;justify-content:flex-end}${R} .matnat-order__grid{grid-template-columns:repeat(2,minmax(0,1fr))}}
@media (min-width:${breakpoints.lg}px){${R} .matnat-shop__grid{grid-template-columns:repeat(3,minmax(0,1fr))}${R} .matnat-product{grid-template-columns:repeat(2,minmax(0,1fr))}}
@media (min-width:${breakpoints.xl}px){${R} .matnat-dialog{max-width:32rem}}
@media (min-width:${breakpoints.xxl}px){${R} .matnat-shop__grid{grid-template-columns:repeat(4,minmax(0,1fr))}}
@media (prefers-reduced-motion:reduce){${R} .matnat-progress__bar{transition:none}}
`;
