"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.suspensionOf = exports.isDeleted = exports.isListed = void 0;
const types_1 = require("@pc/proto/offers/v1/types");
const isListed = (shop) => shop.status === types_1.ShopStatus.SHOP_STATUS_ACTIVE;
exports.isListed = isListed;
const isDeleted = (shop) => shop.status === types_1.ShopStatus.SHOP_STATUS_DELETED;
exports.isDeleted = isDeleted;
const suspensionOf = (shop) => shop.suspensionReason ?? types_1.SuspensionReason.SUSPENSION_REASON_UNSPECIFIED;
exports.suspensionOf = suspensionOf;
//# sourceMappingURL=shop-record.js.map