/** The contact masks of the gateway's replies: the exchange's one rule, shared with the pages (engine/rules). */
export { maskEmail, maskLoginName, maskMobile, maskPhone } from '../../engine/rules/contact-mask';
