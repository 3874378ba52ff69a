/**
 * The copy-trading agreement, published in English and Chinese (the spec's agreement_en and agreement_zh pages);
 * readers in other languages get the English text with a note in their language.
 */

export const agreementPath = (lang: string) => (lang === "zh" || lang === "hk" ? "/follow/agreement_zh" : "/follow/agreement_en");

export const AGREEMENT: Record<"en" | "zh", { title: string; paragraphs: string[] }> = {
  en: {
    title: "Copy trading agreement",
    paragraphs: [
      "1. Copy trading opens and closes contract positions in your lever account automatically, following the trader you choose. Each " +
        "copy is an ordinary contract position: the same published terms, margin, fees, overnight fee and liquidation rule apply as to " +
        "the positions you open yourself.",
      "2. You choose the size: a fixed multiple of the trader's lots or a fixed number of lots, between 0.01 and 5 with at most two " +
        "decimals. Contract positions trade whole lots, so the figure is rounded down to whole lots, at least one lot and within the " +
        "pair's limits.",
      "3. A copy opens at the reference price in effect when it is opened, which may differ from the trader's price. When your lever " +
        "balance does not cover a copy's margin and fee, no copy is opened and you receive a notice; a copy is never opened partly.",
      "4. A copy closes when the trader's position closes. You cannot close a copy by hand; choose “self-hold” to make it your own " +
        "position, which then no longer follows the trader. Your own take-profit, stop-loss and liquidation apply to it as to any " +
        "position.",
      "5. A trader's figures are computed every hour from their closed positions. Past results do not promise future results; you can " +
        "lose the whole margin of every copy.",
      "6. You may follow at most two traders at a time and cancel a follow at any time. Cancelling stops new copies; copies already " +
        "open still close with the trader unless you self-hold them.",
      "7. Traders are users whose application an operator approved; operators may suspend a trader, after which no new copies of that " +
        "trader are opened.",
    ],
  },
  zh: {
    title: "跟单协议",
    paragraphs: [
      "1. 跟单会按照您选择的交易员，在您的杠杆账户中自动开仓和平仓。每一笔跟单都是普通的合约仓位：适用与您自行开仓相同的公开条款、保证金、手续费、隔夜费和强平规则。",
      "2. 跟单数量由您选择：交易员手数的固定倍数，或固定手数，范围为 0.01 至 5，最多两位小数。合约以整数手交易，因此结果向下取整为整数手，至少 1 手，且在交易对的手数限制之内。",
      "3. 跟单按开仓时有效的参考价开仓，可能与交易员的价格不同。若您的杠杆账户余额不足以支付保证金和手续费，则不开仓并向您发送通知；跟单绝不会部分开仓。",
      "4. 交易员平仓时，跟单随之平仓。您不能手动平掉跟单；选择“自持”可将其转为您自己的仓位，此后不再跟随交易员。止盈、止损和强平规则与其他仓位相同。",
      "5. 交易员的数据每小时根据其已平仓仓位计算。过往业绩不代表未来收益；您可能损失每笔跟单的全部保证金。",
      "6. 您最多可同时跟随两位交易员，并可随时取消跟随。取消后不再产生新的跟单；已开的跟单仍随交易员平仓，除非您将其转为自持。",
      "7. 交易员是申请经运营审核通过的用户；运营可暂停交易员，暂停后不再为其开新的跟单。",
    ],
  },
};
